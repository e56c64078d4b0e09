// Object drawings for the textile and stationery products (conventions: drawings-kitchen-home.mjs).
import { circle, ellipse, group, line, M, path, rect, ring } from './shapes.mjs';

export const TEXTILE_PAPER = {
  throwBlanket: (c) =>
    rect(-150, 40, 300, 90, c.main, 26) + rect(-140, -40, 280, 90, c.main, 26) + rect(-130, -120, 260, 90, c.main, 26) +
    line('M-150 85h300M-140 5h280M-130-75h260', c.dark, 6) + line('M-120 130v22M-60 130v22M0 130v22M60 130v22M120 130v22', c.dark, 6) +
    line('M-80-120v250M80-120v250', c.light, 6),

  cushion: (c) =>
    path('M-140-140q140 30 280 0-30 140 0 280-140-30-280 0 30-140 0-280z', c.main) +
    line('M-100-105v210M-70-110v220M-40-112v224M-10-113v226M20-113v226M50-112v224M80-110v220M110-105v210', c.dark, 6) +
    circle(-140, -140, 10, c.dark) + circle(140, -140, 10, c.dark) + circle(-140, 140, 10, c.dark) + circle(140, 140, 10, c.dark),

  bedding: (c) =>
    rect(-160, -130, 320, 120, M.woodDark, 30) + rect(-150, 110, 20, 40, M.woodDark) + rect(130, 110, 20, 40, M.woodDark) +
    rect(-140, -70, 120, 60, M.white, 26) + rect(20, -70, 120, 60, M.white, 26) +
    path('M-160-20h320v130h-320z', c.main) + path('M-160-20h320v40h-320z', c.light) + line('M-120 60q60-20 120 0t120 0', c.dark, 6),

  teaTowels: (c) =>
    line('M-150-150h300', M.woodDark, 14) +
    [[-110, c.main, -6], [10, c.accent, 4]].map(([x, col, a]) =>
      group(`rotate(${a} ${x + 50} -150)`,
        rect(x, -140, 110, 280, M.white, 8) + line(`M${x + 20}-140v280M${x + 55}-140v280M${x + 90}-140v280`, col, 14) +
        line(`M${x}-100h110M${x}-40h110M${x}20h110M${x}80h110`, col, 14) + ring(x + 55, -150, 14, col, 6))).join(''),

  tablecloth: (c) =>
    rect(-130, 40, 18, 110, M.woodDark) + rect(112, 40, 18, 110, M.woodDark) +
    path('M-120-60h240l40 130h-320z', c.light) +
    line('M-90-60l-20 130M-40-60l-8 130M10-60v130M60-60l10 130M110-60l25 130', c.main, 16) +
    ellipse(-30, -80, 40, 10, M.white) + rect(40, -130, 20, 60, M.glass, 6),

  apron: (c) =>
    line('M-50-150q50-80 100 0M-110 0q-50 10-60 60M110 0q50 10 60 60', c.dark, 10) +
    path('M-60-150h120l10 140 40 10v140q0 10-10 10h-200q-10 0-10-10V0l40-10z', c.main) +
    rect(-60, 40, 120, 70, c.dark, 10) + line('M0 40v70', c.main, 6) + line('M-110-10h220', c.dark, 12),

  towel: (c) =>
    rect(-150, 40, 300, 100, c.main, 20) + rect(-140, -60, 280, 100, c.accent, 20) + rect(-130, -150, 260, 90, c.light, 20) +
    line('M-130 70h260M-120-30h240M-110-120h220', '#fff', 8, '8 8') + rect(-150, 110, 300, 14, c.dark) + rect(-140, 10, 280, 14, c.dark),

  curtain: (c) =>
    line('M-165-160h330', M.brass, 10) + ring(-120, -160, 10, M.brass, 5) + ring(120, -160, 10, M.brass, 5) +
    path('M-150-150h130q-10 140 40 300h-170z', c.light) + path('M150-150h-130q10 140-40 300h170z', c.light) +
    line('M-120-150q10 150-10 300M-80-150q10 150 0 300M120-150q-10 150 10 300M80-150q-10 150 0 300', c.soft, 8) +
    line('M-135 30q50 10 70-10M135 30q-50 10-70-10', c.main, 10),

  rug: (c) =>
    rect(-150, -110, 300, 220, M.cream) + line('M-150-110v220M150-110v220', c.dark, 20, '2 8') +
    line('M-120-60l30-40 30 40 30-40 30 40 30-40 30 40 30-40 30 40M-120 60l30 40 30-40 30 40 30-40 30 40 30-40 30 40 30-40', c.dark, 6) +
    path('M-40 0l40-45 40 45-40 45z', c.main) + path('M-100 0l25-28 25 28-25 28zM50 0l25-28 25 28-25 28z', c.dark),

  notebook: (c) =>
    rect(-110, -150, 220, 290, c.main, 12) + rect(-110, -150, 34, 290, c.dark) + path('M64-150h16v320l-8-12-8 12z', c.accent) +
    rect(-50, -90, 100, 52, c.light, 6) + line('M-30-72h60M-30-56h40', c.dark, 5),

  pen: (c) =>
    group('rotate(-35) scale(1.35)',
      path('M60-18h90q22 0 22 18t-22 18H60z', c.main) + path('M-100-20H60v40h-160z', c.dark) + rect(100, -28, 60, 8, M.brass, 4) +
      path('M-100-16l-60 16 60 16z', M.brass) + line('M-112 0h-30', c.dark, 4) + circle(-125, 0, 4, c.dark) +
      rect(52, -22, 10, 44, M.brass) + line('M-80-10h130', c.light, 5)),

  planner: (c) =>
    path('M-160-120h150l10 10 10-10h150v250h-150l-10 10-10-10h-150z', c.main) +
    rect(-148, -108, 140, 226, M.white) + rect(8, -108, 140, 226, M.white) +
    line('M-140-70h124M-140-20h124M-140 30h124M-140 80h124M16-70h124M16-20h124M16 30h124M16 80h124', c.soft, 4) +
    line('M-140-90h40M16-90h40', c.main, 10) + rect(60, -40, 60, 12, c.accent, 6),

  inkBottle: (c) =>
    rect(-34, -150, 68, 50, M.ironDark, 8) + rect(-24, -104, 48, 30, M.glass) +
    path('M-110-70q0-10 10-10h200q10 0 10 10v200q0 10-10 10h-200q-10 0-10-10z', M.glass) +
    rect(-100, -10, 200, 140, M.ink, 6) + rect(-60, -55, 120, 80, M.white, 6) + line('M-36-30h72M-26-8h52', c.main, 8) +
    path('M150 20c22 30 20 56 0 56s-22-26 0-56z', M.ink),

  postcards: (c) =>
    group('rotate(-10)', rect(-160, -130, 250, 170, M.white, 6) + rect(-150, -120, 230, 150, c.soft) + circle(-90, -60, 24, c.accent) +
      path('M-150 30l70-70 50 40 40-30 70 60z', c.main)) +
    group('rotate(6)', rect(-60, -10, 230, 160, M.cream, 6) + `<rect x="100" y="6" width="50" height="60" fill="${c.accent}" stroke="#fff" stroke-width="6" stroke-dasharray="4 4"/>` +
      line('M30 10v120M50 90h100M50 118h100', c.dark, 4) + line('M-40 40q30-20 50 0M-40 80q40-20 55 0', c.main, 5)),

  pencils: (c) =>
    c.rainbow.map((col, i) =>
      group(`rotate(${-30 + i * 15} 0 150)`,
        rect(-14, -60, 28, 200, col, 3) + path('M-14-60L0-120 14-60z', M.wood) + path('M-5-99L0-120 5-99z', col) + line('M0-50v180', '#fff', 3))).join(''),

  envelope: (c) =>
    group('rotate(-8)', rect(-90, -160, 190, 200, M.cream) + line('M-60-120h130M-60-90h130M-60-60h100', c.soft, 5)) +
    rect(-150, -60, 300, 190, c.light, 6) + path('M-150-60l150 110 150-110z', c.main) +
    line('M-146 128l110-80M146 128l-110-80', c.dark, 4) + circle(0, 48, 24, c.accent) + ring(0, 48, 14, c.dark, 3),

  stamps: (c) =>
    [[-100, c.main], [0, c.accent], [100, c.dark]].map(([x, col], i) =>
      group(`translate(${x} ${i === 1 ? -30 : 0})`,
        circle(0, -110, 28, M.wood) + rect(-12, -90, 24, 90, M.wood) + rect(-42, 0, 84, 50, M.woodDark, 6) + rect(-42, 50, 84, 14, col) +
        line(['M-14 40l14-30 14 30M-8 28h16', 'M-12 12v28h14q12 0 12-8t-12-8h-14M-12 12h12q10 0 10 7', 'M14 14q-6-6-14-6-14 0-14 16t14 16q8 0 14-6'][i], '#fff', 6))).join('') +
    rect(-150, 100, 300, 40, M.ironDark, 10),

  sketchbook: (c) =>
    rect(-130, -120, 260, 260, M.white, 8) + `<rect x="-130" y="-120" width="260" height="260" rx="8" fill="none" stroke="${c.dark}" stroke-width="6"/>` +
    line('M-110-132v30M-80-132v30M-50-132v30M-20-132v30M10-132v30M40-132v30M70-132v30M100-132v30', c.dark, 8) +
    line('M-80 80q40-120 80-60t80-80', c.main, 8) + circle(60, -40, 28, c.accent) + line('M-90 100h180', c.soft, 5),
};
