// Flat illustrations for the demo catalogue. A product's pictures show its own kind of object
// (scripts/generate/demo-catalogue/drawings-*.mjs), in its colours, composed differently per view; a
// category's cover shows its motif. Each file stays below 2 KB: a handful of shapes with integer
// coordinates, no filters, no embedded fonts.

const W = 640;
const H = 480;

function hex(h, s, l) {
  const hue = ((h % 360) + 360) % 360;
  const sat = s / 100;
  const light = l / 100;
  const a = sat * Math.min(light, 1 - light);
  const channel = (n) => {
    const k = (n + hue / 30) % 12;
    const value = light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255).toString(16).padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** A product's colours: its category's hue, nudged per product. */
export function palette(hue, rand) {
  const h = hue + Math.round((rand() - 0.5) * 36);
  const s = 50 + Math.round(rand() * 25);
  return {
    main: hex(h, s, 46 + Math.round(rand() * 12)),
    dark: hex(h + 8, s - 10, 26 + Math.round(rand() * 8)),
    light: hex(h - 6, 60, 90),
    soft: hex(h, 45, 80 + Math.round(rand() * 6)),
    bg: hex(h + 20, 35, 95),
    accent: hex(h + 140 + Math.round(rand() * 80), 65, 55),
  };
}

const BACKDROPS = [
  (c, j) => `<circle cx="320" cy="250" r="${180 + j}" fill="${c.soft}"/>`,
  (c, j) => `<rect x="${140 + j}" y="70" width="360" height="360" rx="48" fill="${c.soft}"/>`,
  (c, j) => `<path d="M${150 + j} 440V250a170 170 0 0 1 340 0v190z" fill="${c.soft}"/>`,
];

// The categories' covers: each motif is drawn around (0, 0) within about ±160 px.
const MOTIFS = {
  bowl: (c) =>
    `<path d="M-140-20h280a140 130 0 0 1-280 0z" fill="${c.main}"/><ellipse cy="-20" rx="140" ry="24" fill="${c.dark}"/>` +
    `<rect x="-55" y="104" width="110" height="16" rx="8" fill="${c.dark}"/>` +
    `<path d="M-40-60q-24-30 0-60t0-60M40-60q-24-30 0-60" fill="none" stroke="${c.accent}" stroke-width="10" stroke-linecap="round"/>`,
  candle: (c) =>
    `<rect x="-90" y="-70" width="180" height="190" rx="26" fill="${c.main}"/><rect x="-90" y="-10" width="180" height="60" fill="${c.light}"/>` +
    `<rect x="-4" y="-110" width="8" height="42" fill="${c.dark}"/><path d="M0-190c34 40 26 80 0 80s-34-40 0-80z" fill="${c.accent}"/>`,
  fabric: (c) =>
    `<rect x="-150" y="40" width="300" height="70" rx="18" fill="${c.dark}"/><rect x="-135" y="-30" width="270" height="70" rx="18" fill="${c.main}"/>` +
    `<rect x="-120" y="-100" width="240" height="70" rx="18" fill="${c.accent}"/>` +
    `<path d="M-80-100v70M-20-100v70M40-100v70M-100-30v70M100-30v70" stroke="${c.light}" stroke-width="8"/>`,
  notebook: (c) =>
    `<rect x="-110" y="-150" width="220" height="290" rx="12" fill="${c.main}"/><rect x="-110" y="-150" width="34" height="290" fill="${c.dark}"/>` +
    `<rect x="64" y="-150" width="14" height="290" fill="${c.accent}"/><rect x="-50" y="-90" width="96" height="50" rx="6" fill="${c.light}"/>`,
  bottle: (c) =>
    `<rect x="-70" y="-60" width="140" height="190" rx="40" fill="${c.main}"/><rect x="-26" y="-110" width="52" height="56" fill="${c.light}"/>` +
    `<rect x="-36" y="-150" width="72" height="44" rx="10" fill="${c.dark}"/><path d="M130-60c40 50 40 90 0 90s-40-40 0-90z" fill="${c.accent}"/>`,
  plant: (c) =>
    `<path d="M0-40C-60-80-120-120-110-200-40-180 0-120 0-40zM0-40C40-100 100-140 160-130 140-60 80-40 0-40z" fill="${c.accent}"/>` +
    `<path d="M-110-40h220l-30 170h-160z" fill="${c.main}"/><rect x="-125" y="-60" width="250" height="36" rx="8" fill="${c.dark}"/>`,
  blocks: (c) =>
    `<rect x="-140" y="20" width="120" height="120" rx="10" fill="${c.main}"/><rect x="-10" y="20" width="120" height="120" rx="10" fill="${c.accent}"/>` +
    `<rect x="-80" y="-100" width="120" height="120" rx="10" fill="${c.dark}"/>` +
    `<path d="M110-170l18 36 40 6-29 28 7 40-36-19-36 19 7-40-29-28 40-6z" fill="${c.soft}"/>`,
  jar: (c) =>
    `<rect x="-100" y="-90" width="200" height="220" rx="36" fill="${c.main}"/><rect x="-112" y="-140" width="224" height="56" rx="12" fill="${c.dark}"/>` +
    `<path d="M-112-126h224M-112-98h224" stroke="${c.light}" stroke-width="8"/><circle cy="30" r="58" fill="${c.light}"/>` +
    `<circle cy="30" r="38" fill="${c.accent}"/>`,
};

function escapeXml(text) {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.codePointAt(0)};`);
}

function svg(label, body) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${escapeXml(label)}">` +
    `${body}</svg>\n`
  );
}

const place = (x, y, scale, angle) => `translate(${x} ${y}) scale(${scale}) rotate(${angle})`;

function confetti(rand, colours, count) {
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const x = 30 + Math.round(rand() * (W - 60));
    const y = 30 + Math.round(rand() * (H - 60));
    const r = 6 + Math.round(rand() * 12);
    out += `<circle cx="${x}" cy="${y}" r="${r}" fill="${colours[i % colours.length]}"/>`;
  }
  return out;
}

/** A product's colours, from its look: the object's own hue, saturation and lightness, nudged
 *  a little per product; a light object gets a deeper backdrop so it does not fade into it. */
export function productPalette([, hue, s, l], rand) {
  const h = hue + Math.round((rand() - 0.5) * 12);
  return {
    main: hex(h, s, l),
    dark: hex(h + 6, Math.round(s * 0.9), Math.max(l - 22, 12)),
    light: hex(h - 6, Math.min(s + 10, 70), 88),
    soft: hex(h + 20, 40, l >= 68 ? 64 : 84),
    bg: hex(h + 30, 30, 95),
    accent: hex(h + 150 + Math.round(rand() * 60), 65, 55),
    rainbow: [0, 45, 130, 205, 280].map((k) => hex(h + k, 70, 50)),
  };
}

/** View `view` (0-based) of a product: its object centred, close up, seen from the other side in
 *  another colour, then tilted; `variant` is the palette of the third view. */
export function productSvg({ draw, colours: c, variant, view, label, rand }) {
  const jitter = () => Math.round((rand() - 0.5) * 12);
  const v = view % 4;
  const at = (x, y, sx, sy, angle, colours) =>
    `<g transform="translate(${x} ${y}) scale(${sx}${sx === sy ? '' : ` ${sy}`}) rotate(${angle})">${draw(colours)}</g>`;
  const shadow = (x, y, rx, colour) => `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="14" fill="${colour}"/>`;
  const scenes = [
    () => BACKDROPS[Math.floor(rand() * 3)](c, jitter()) + shadow(320, 385, 140, c.dark + '33') + at(320 + jitter(), 250, 0.95, 0.95, jitter() / 2, c),
    () => confetti(rand, [c.soft, c.accent], 4) + at(330, 275, 1.22, 1.22, -8 + jitter(), c),
    () => `<path d="M0 360h640v120H0z" fill="${variant.soft}"/>` + shadow(330, 385, 140, variant.dark + '33') + at(330, 260, -0.88, 0.88, jitter(), variant),
    () => `<path d="M0 0h320v480H0z" fill="${c.soft}"/>${confetti(rand, [c.light, c.accent], 3)}` + at(320, 255, 0.92, 0.92, 8 + jitter(), c),
  ];
  return svg(label, `<path d="M0 0h${W}v${H}H0z" fill="${v === 2 ? variant.bg : c.bg}"/>${scenes[v]()}`);
}

/** A category's cover: its motif, large, on a ring of dots. */
export function categorySvg({ motif, colours: c, label }) {
  let ring = '';
  for (let i = 0; i < 12; i += 1) {
    const a = (i / 12) * Math.PI * 2;
    ring += `<circle cx="${Math.round(320 + Math.cos(a) * 215)}" cy="${Math.round(245 + Math.sin(a) * 195)}" r="12" fill="${i % 2 ? c.accent : c.main}"/>`;
  }
  return svg(
    label,
    `<path d="M0 0h${W}v${H}H0z" fill="${c.bg}"/><circle cx="320" cy="245" r="170" fill="${c.soft}"/>${ring}` +
      `<g transform="${place(320, 265, 0.95, 0)}">${MOTIFS[motif](c)}</g>`,
  );
}
