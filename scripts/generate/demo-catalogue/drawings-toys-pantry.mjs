// Object drawings for the children's and fine-food products (conventions: drawings-kitchen-home.mjs).
import { circle, ellipse, group, line, M, path, rect } from './shapes.mjs';

const jar = (c, lid, glass, fill) =>
  path('M-100-90h200v190q0 40-40 40h-120q-40 0-40-40z', glass) + path(`M-100 ${fill}h200v${100 - fill}q0 40-40 40h-120q-40 0-40-40z`, c.main) +
  rect(-110, -130, 220, 50, lid, 12) + rect(-70, -10, 140, 90, M.cream, 8) + line('M-110-104h220', c.dark, 4);

export const TOYS_PANTRY = {
  puzzle: (c) =>
    rect(-160, -110, 320, 230, M.wood, 16) + rect(-140, -90, 280, 190, M.woodDark, 10) +
    path('M-110-30q0-40 40-40h60q30 0 40 30l10 40h-20v60h-20v-40h-60v40h-20v-50q-30 0-30-40z', c.main) + circle(-40, -60, 8, M.cream) +
    path('M40 20h90v60h-20v-30h-50v30h-20z', c.accent) + ellipse(130, 20, 20, 14, c.accent) + circle(90, 10, 8, M.cream) +
    path('M40-80h40v-10q0-14 14-14t14 14v10h40v60h-108z', c.light),

  bunny: (c) =>
    ellipse(-38, -125, 22, 70, c.main) + ellipse(38, -125, 22, 70, c.main) + ellipse(-38, -125, 10, 50, c.soft) + ellipse(38, -125, 10, 50, c.soft) +
    ellipse(0, 80, 95, 80, c.main) + circle(0, -30, 70, c.main) + ellipse(-60, 140, 36, 20, c.dark) + ellipse(60, 140, 36, 20, c.dark) +
    circle(-24, -40, 8, M.ironDark) + circle(24, -40, 8, M.ironDark) + path('M-10-18h20l-10 12z', c.accent) + ellipse(0, 80, 50, 46, c.light),

  cubes: (c) =>
    rect(-150, 30, 110, 110, c.main, 10) + rect(-30, 30, 110, 110, c.accent, 10) + rect(-90, -85, 110, 110, c.dark, 10) + rect(40, -60, 80, 80, c.light, 8) +
    line('M-118 110l23-60 23 60M-105 90h20', '#fff', 8) + line('M-10 55v60h30M-62-55v60', '#fff', 8) +
    path('M80-45l8 16 18 3-13 13 3 18-16-8-16 8 3-18-13-13 18-3z', c.main),

  clothBook: (c) =>
    path('M-150-120q0-20 20-20h130v280h-130q-20 0-20-20z', c.main) + path('M150-120q0-20-20-20H0v280h130q20 0 20-20z', c.accent) +
    line('M-140-130v250M140-130v250', '#fff', 4, '8 8') + circle(-75, -20, 40, M.flame) + line('M-75-80v-10M-75 50v-10M-135-20h10M-15-20h-10', M.flame, 8) +
    ellipse(75, 20, 44, 32, c.light) + circle(45, -10, 16, c.light) + circle(40, -14, 4, M.ironDark) + rect(-8, -150, 16, 300, c.dark, 8) +
    path('M150-60h30l-10 20 10 20h-30z', c.light),

  spinningTop: (c) =>
    rect(-12, -170, 24, 70, M.wood, 10) + path('M-140-60q0-50 140-50t140 50q0 60-140 200-140-140-140-200z', c.main) +
    path('M-134-40q134 40 268 0-40 60-134 160-94-100-134-160z', c.accent) + path('M-96 30q96 30 192 0-40 50-96 100-56-50-96-100z', c.light) +
    ellipse(0, -60, 140, 30, c.dark) + ellipse(0, -66, 40, 10, c.soft),

  rockingHorse: (c) =>
    line('M-160 110q160 60 320 0', M.woodDark, 16) + line('M-100 40l-30 90M-60 40l-10 100M70 40l10 100M110 40l30 90', M.wood, 16) +
    path('M-120-20q0-40 50-40h130q40 0 50 40l10 60h-240z', c.main) + path('M40-60q0-60 40-100 40-20 70 10l10 40-40 10-20-10-20 60z', c.main) +
    line('M70-150q-30 30-40 90', c.dark, 22) + line('M-120-30q-50 0-50 60', c.dark, 14) + circle(112, -132, 6, M.ironDark) + rect(-60, -70, 70, 30, c.accent, 8),

  skittles: (c) =>
    [-90, 0, 90].map((x, i) =>
      group(`translate(${x} ${i === 1 ? -20 : 10})`,
        path('M0-150q-24 0-24 30 0 20 10 34-36 40-36 110 0 50 20 80h60q20-30 20-80 0-70-36-110 10-14 10-34 0-30-24-30z', M.cream) +
        rect(-22, -90, 44, 12, [c.main, c.accent, c.dark][i], 6) + circle(-8, -124, 4, M.ironDark) + circle(8, -124, 4, M.ironDark))).join('') +
    circle(130, 110, 34, c.main),

  tinTeaSet: (c) =>
    ellipse(0, 130, 170, 20, c.dark) + line('M-140-10q-50 0-40 60l20 10', c.main, 14) +
    path('M-150-60q70-20 140 0 20 60 0 140h-140q-20-80 0-140z', c.main) + path('M-10 0l50-40 8 10-40 50z', c.main) +
    ellipse(-80, -66, 50, 12, c.dark) + circle(-80, -82, 10, c.dark) + circle(-110, 20, 10, M.white) + circle(-60, 40, 10, M.white) +
    path('M50 40h100q0 80-50 80t-50-80z', c.accent) + line('M150 60q30 0 20 30', c.accent, 10) + circle(100, 70, 8, M.white) + ellipse(100, 122, 70, 10, c.light),

  starLight: (c) =>
    circle(0, 0, 170, '#fff6c8') + `<path d="M0-150l40 95 100 8-76 66 24 98L0 66-88 117l24-98-76-66 100-8z" fill="${c.main}" stroke="${c.main}" stroke-width="30" stroke-linejoin="round"/>` +
    line('M-36 10q12 12 24 0M12 10q12 12 24 0M-16 44q16 14 32 0', c.dark, 6),

  jamJar: (c) =>
    jar(c, M.white, M.glass, -70) + line('M-110-126h220M-110-96h220M-80-130v50M-40-130v50M0-130v50M40-130v50M80-130v50', c.accent, 8) +
    path('M-120-110l-20 30h30zM120-110l20 30h-30z', M.white) + line('M-110-80h220', c.dark, 6) +
    ellipse(130, 110, 40, 44, c.dark) + path('M130 60v-12', M.leafDark) + line('M130 66v-14', M.leafDark, 6) + ellipse(130, 116, 18, 24, c.accent),

  oilBottle: (c) =>
    rect(-20, -200, 40, 30, M.ironDark, 6) + path('M-18-172h36v60q40 20 40 60v180q0 20-20 20h-76q-20 0-20-20V-52q0-40 40-60z', c.main) +
    rect(-58, 0, 116, 100, M.cream, 6) + ellipse(0, 50, 20, 28, c.dark) +
    line('M70 140q40-120 100-190', M.woodDark, 6) + line('M100 60q-30-10-30-40M120 20q30 0 40-30M140-20q-30-10-26-40', M.leaf, 14) +
    ellipse(100, 100, 12, 16, c.dark),

  teaTin: (c) =>
    rect(-100, -140, 200, 40, c.dark, 10) + rect(-95, -104, 190, 244, c.main, 14) + rect(-95, -30, 190, 110, M.cream) +
    [0, 72, 144, 216, 288].map((a) => group(`rotate(${a} 0 25)`, ellipse(0, -1, 12, 28, M.white))).join('') +
    circle(0, 25, 10, M.flame) + ellipse(140, 120, 26, 12, M.leaf) + ellipse(-140, 126, 24, 10, M.leafDark),

  honeyJar: (c) =>
    path('M-100-80l30-30h140l30 30v180l-30 40h-140l-30-40z', c.main) + rect(-90, -150, 180, 46, M.wood, 10) +
    path('M-60-10l30-20 30 20 30-20 30 20v60h-120z', M.cream) + circle(0, 22, 10, c.accent) +
    group('rotate(25 120 -60)', rect(112, -220, 16, 200, M.wood, 8) + ellipse(120, -20, 34, 46, M.woodDark) + line('M90-40h60M90-10h60', M.wood, 6)),

  saltBox: (c) =>
    path('M-140 0v90q0 50 140 50t140-50V0z', M.wood) + ellipse(0, 0, 140, 44, M.woodDark) + ellipse(0, -4, 120, 34, '#fff') +
    path('M-90-6q40-70 90-70t90 70z', '#fff') + line('M-50-40h2M-10-60h2M30-44h2M60-20h2M-20-20h2', c.soft, 10) +
    path('M60 60l90-160q14-4 14 12l-86 156z', M.wood) + rect(-100, 40, 200, 60, c.main, 10) + line('M-60 70h120', M.white, 8, '6 10'),

  caramelJar: (c) =>
    rect(-130, -90, 260, 40, c.dark, 10) + path('M-120-50h240v160q0 30-30 30h-180q-30 0-30-30z', c.main) +
    path('M-120-50h40v60q0 20-20 20t-20-20zM40-50h40v40q0 16-20 16t-20-16z', c.dark) + rect(-80, 30, 160, 70, M.cream, 10) +
    line('M-50 65h100', c.accent, 10) + group('rotate(20)', rect(-8, -240, 16, 150, M.steel, 8) + ellipse(0, -250, 22, 30, M.steel)),

  mustardPot: (c) =>
    path('M-100-110h200l-12 230q-2 20-22 20h-132q-20 0-22-20z', M.cream) + ellipse(0, -110, 100, 22, M.wood) + rect(-90, -140, 180, 30, M.wood, 10) +
    line('M-100-120l200 20M100-120l-200 20', M.steelDark, 4) + rect(-80, -20, 160, 100, c.main, 8) +
    line('M-50 10h2M-20 30h2M10 14h2M40 34h2M-40 56h2M20 60h2', M.flame, 12),

  chocolate: (c) =>
    group('rotate(-12)',
      rect(-110, -150, 220, 300, '#4a2a1c', 8) + line('M-110-75h220M-110 0h220M-110 75h220M-37-150v300M37-150v300', '#2f1a11', 6) +
      path('M-118-20h236v180h-236z', M.steel) + rect(-118, 0, 236, 170, c.main, 6) + rect(-80, 50, 160, 60, M.cream, 6) + line('M-50 80h100', c.dark, 10)),

  herbalPouch: (c) =>
    path('M-110-150h220l-10 290h-200z', M.wood) + rect(-110, -150, 220, 26, M.woodDark) + rect(-60, -80, 120, 130, M.cream, 60) +
    path('M0 30q-60-40-10-110 60 40 10 110z', M.leaf) + line('M0 30q-4-50 0-100', M.leafDark, 5) + rect(-70, 80, 140, 30, c.main, 6) +
    ellipse(150, 100, 30, 14, M.leaf) + circle(-150, 110, 14, c.accent),
};
