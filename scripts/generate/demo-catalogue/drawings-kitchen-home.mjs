// Object drawings for the kitchen and home products. Each one draws its object around (0, 0),
// within about ±160 px, standing on y = 140, in the colours `c` of its product
// (main, dark, light, soft, accent).
import { circle, ellipse, group, line, M, path, rect, ring } from './shapes.mjs';

export const KITCHEN_HOME = {
  teapot: (c) =>
    line('M-78-40Q0-170 78-40', c.dark, 16) +
    path('M95 20l62-62h18l-6 14-52 90z', c.main) +
    path('M-118 60a118 96 0 0 1 236 0c0 50-40 80-118 80S-118 110-118 60z', c.main) +
    ellipse(0, -30, 66, 16, c.dark) + circle(0, -50, 13, c.dark) +
    line('M-86 30h172M-100 70h200', c.light, 12, '2 22'),

  bowl: (c) =>
    path('M-150-30h300a150 140 0 0 1-300 0z', c.main) + ellipse(0, -30, 150, 26, c.dark) +
    line('M-136 24q46 22 92 0t92 0 88 0', c.light, 10) +
    rect(-60, 106, 120, 18, c.dark, 9),

  board: (c) =>
    rect(-40, -175, 80, 80, c.main, 34) + rect(-115, -120, 230, 265, c.main, 40) +
    circle(0, -148, 14, c.bg) + `<rect x="-90" y="-95" width="180" height="215" rx="26" fill="none" stroke="${c.dark}" stroke-width="8"/>` +
    line('M-55-60q20 60 0 130M5-70q-20 80 5 160M55-50q18 50 0 110', c.dark, 5),

  knife: (c) =>
    group('rotate(-28)',
      path('M-10-22H150q20 0 20 12Q120 40-10 28z', M.steel) + line('M0-10H140', '#fff', 4) +
      rect(-170, -26, 165, 52, c.main, 22) + rect(-20, -30, 20, 60, M.steelDark, 4) +
      circle(-130, 0, 7, M.steel) + circle(-70, 0, 7, M.steel) + line('M-160 12q40-16 80 0t70 0', c.dark, 4)),

  castPot: (c) =>
    rect(-175, -10, 60, 28, c.dark, 14) + rect(115, -10, 60, 28, c.dark, 14) +
    path('M-140-30h280v120q0 50-50 50h-180q-50 0-50-50z', c.main) +
    path('M-150-30q0-55 150-55t150 55z', c.dark) + rect(-28, -112, 56, 30, M.steel, 12) +
    line('M-110 40h220', c.light, 10),

  pepperMill: (c) =>
    circle(0, -165, 16, c.dark) +
    path('M-50-150h100q25 40 0 80h-100q-25-40 0-80z', c.main) +
    path('M-38-70h76q-10 40 10 90t16 120h-128q-4-70 16-120t10-90z', c.main) +
    rect(-58, 132, 116, 12, c.dark, 6) + line('M-34-75h68', c.dark, 8) + line('M-20-140v55', c.light, 10),

  wineGlasses: (c) =>
    ['-75', '75'].map((x, i) =>
      group(`translate(${x} 0)`,
        path('M-60-160h120q10 110-60 130-70-20-60-130z', M.glass) + path(`M-58-${100 - i * 10}h116q-8 60-58 70-50-10-58-70z`, c.main) +
        rect(-6, -32, 12, 140, M.glass) + ellipse(0, 130, 55, 12, M.glass) + line('M-38-145q-6 50 8 90', '#fff', 8))).join(''),

  spoons: (c) =>
    [-18, 0, 18].map((a, i) =>
      group(`rotate(${a} 0 160)`,
        rect(-11, -60, 22, 210, i === 1 ? c.main : M.wood, 11) + ellipse(0, -110, 42, 62, i === 1 ? c.main : M.wood) +
        ellipse(0, -115, 28, 44, i === 1 ? c.dark : M.woodDark))).join(''),

  frenchPress: (c) =>
    line('M70-80h50q30 0 30 30v90q0 30-30 30h-50', c.dark, 18) +
    rect(-80, -100, 160, 230, M.glass, 10) + rect(-80, -10, 160, 140, c.main, 8) + rect(-80, -35, 160, 25, c.soft) +
    rect(-92, -118, 184, 26, c.dark, 8) + rect(-6, -170, 12, 60, M.steelDark) + circle(0, -172, 18, c.dark) +
    rect(-92, 122, 184, 18, c.dark, 8) + line('M-60-85v200', '#fff', 8),

  candle: (c) =>
    path('M-90-70h180v170q0 40-40 40h-100q-40 0-40-40z', c.main) + rect(-90, -10, 180, 64, c.light) +
    ellipse(0, -70, 90, 18, M.cream) + rect(-4, -110, 8, 40, M.ironDark) +
    path('M0-185c34 40 26 78 0 78s-34-38 0-78z', M.flame) + circle(40, 22, 14, c.accent),

  vase: (c) =>
    path('M-42-160h84v20q-6 30 20 60c40 50 60 110 20 180q-10 35-44 40h-28q-34-5-44-40c-40-70-20-130 20-180q26-30 20-60z', c.main) +
    ellipse(0, -160, 42, 10, c.dark) + line('M-62-20q20 14 40 0t40 0 40 0M-74 40q24 14 50 0t48 0 50 0M-60 100q20 14 40 0t40 0 40 0', c.light, 8) +
    line('M-8-160q-30-60-70-70M8-160q20-50 60-60', M.leafDark, 6) + circle(-80, -232, 18, c.accent) + circle(70, -222, 14, c.accent),

  lamp: (c) =>
    path('M-70-160h140l45 130h-230z', c.light) + line('M-45-155l-20 120M-15-158l-6 124M15-158l6 124M45-155l20 120', c.soft, 6) +
    rect(-8, -30, 16, 150, c.main) + ellipse(0, 130, 80, 18, c.main) + rect(-60, 112, 120, 18, c.main, 9) +
    ellipse(0, -28, 115, 12, c.dark) + line('M40 126q60 10 100-6', c.dark, 5),

  mirror: (c) =>
    circle(0, -10, 150, c.main) + ring(0, -10, 134, c.dark, 14, '6 10') + ring(0, -10, 150, c.dark, 6, '3 9') +
    circle(0, -10, 112, '#dceff5') + path('M-60-80l50-50 24 24-50 50zM10-60l40-40 12 12-40 40z', '#fff') + rect(-6, -180, 12, 30, M.iron),

  diffuser: (c) =>
    line('M-6-40l-70-140M0-40l-20-150M4-40l30-148M8-40l80-130', M.wood, 7) +
    path('M-30-60h60v30q80 20 80 95 0 75-110 75t-110-75q0-75 80-95z', c.main) + rect(-34, -72, 68, 16, c.dark, 6) +
    rect(-55, 40, 110, 60, c.light, 8) + line('M-35 60h70M-25 80h50', c.dark, 6),

  clock: (c) =>
    circle(0, -10, 150, c.main) + circle(0, -10, 120, M.white) + ring(0, -10, 106, c.dark, 14, '4 51.5') +
    line('M0-10v-80M0-10l56 30', M.ironDark, 12) + line('M0-10l-40 70', c.accent, 5) + circle(0, -10, 12, M.ironDark),

  basket: (c) =>
    line('M-120-60q-40-60 0-70M120-60q40-60 0-70', c.dark, 14) +
    path('M-150-70h300l-30 200q-5 20-25 20H-95q-20 0-25-20z', c.main) +
    line('M-146-40h292M-141-5h282M-136 30h272M-131 65h262M-126 100h252', c.dark, 6, '14 10') + rect(-160, -85, 320, 26, c.dark, 12),

  candlestick: (c) =>
    rect(-16, -150, 32, 110, M.white, 6) + path('M0-220c26 30 20 60 0 60s-26-30 0-60z', M.flame) + rect(-2, -162, 4, 14, M.ironDark) +
    ellipse(0, -40, 44, 12, c.main) + path('M-18-40h36l-8 40 14 20-14 20 10 60h-40l10-60-14-20 14-20z', c.main) +
    ellipse(0, 125, 95, 22, c.dark) + ellipse(0, 118, 90, 18, c.main) + circle(-6, 30, 5, c.light) + circle(8, -10, 4, c.light),

  hurricane: (c) =>
    path('M-95-130h190q-20 60 0 130 30 80-10 140h-170q-40-60-10-140 20-70 0-130z', c.main) +
    path('M-70 40h140v80h-140z', M.white) + rect(-70, 40, 140, 16, M.steel) +
    path('M0-50c30 36 24 80 0 80s-30-44 0-80z', M.flame) + rect(-2, 22, 4, 18, M.ironDark) +
    circle(-60, -70, 7, c.light) + circle(55, -20, 5, c.light) + circle(-40, 10, 4, c.light) + line('M-70-115q-20 70 0 140', '#fff', 8),
};
