// Tiny SVG writers for the object drawings: integer coordinates, default attributes left out,
// so a whole picture stays well under 2 KB.

export const rect = (x, y, w, h, fill, rx = 0) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}"${rx ? ` rx="${rx}"` : ''} fill="${fill}"/>`;
export const ellipse = (cx, cy, rx, ry, fill) => `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"/>`;
export const circle = (cx, cy, r, fill) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>`;
export const path = (d, fill) => `<path d="${d}" fill="${fill}"/>`;
/** An open line: round ends, no fill; `dash` makes stitches, rungs or bristles. */
export const line = (d, stroke, width, dash) =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`;
export const ring = (cx, cy, r, stroke, width, dash) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${stroke}" stroke-width="${width}"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`;
export const group = (transform, body) => `<g transform="${transform}">${body}</g>`;

/** Materials that keep their colour whatever the product's palette. */
export const M = {
  wood: '#c08a55',
  woodDark: '#80552f',
  steel: '#cfd6db',
  steelDark: '#8c979e',
  iron: '#3b3f45',
  ironDark: '#24272b',
  white: '#fbf8f1',
  cream: '#f1e6cf',
  glass: '#def0ef',
  flame: '#f6a623',
  leaf: '#5f9a43',
  leafDark: '#3f6e2c',
  brass: '#d3a642',
  ink: '#1f2f5a',
};
