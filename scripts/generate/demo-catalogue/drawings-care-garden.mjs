// Object drawings for the well-being and garden products (conventions: drawings-kitchen-home.mjs).
import { circle, ellipse, group, line, M, path, rect, ring } from './shapes.mjs';

export const CARE_GARDEN = {
  soap: (c) =>
    path('M-150-20l90-60h210l-90 60z', c.light) + path('M-150-20h210v140h-210z', c.main) + path('M60-20l90-60v140l-90 60z', c.dark) +
    path('M-100-38l40-26h100l-40 26z', c.main) + circle(110, -120, 20, '#fff') + circle(70, -150, 12, '#fff') + circle(130, -170, 9, '#fff'),

  pumpBottle: (c) =>
    path('M20-170h60v16H30v24h-10z', c.dark) + rect(-10, -170, 34, 60, c.dark, 4) + rect(-30, -112, 60, 26, M.iron, 4) +
    path('M-30-90h60q0 30 50 40v170q0 20-20 20h-120q-20 0-20-20V-50q50-10 50-40z', c.main) +
    rect(-60, 0, 120, 90, M.white, 6) + ellipse(0, 40, 18, 30, M.wood) + line('M0 14v52', M.woodDark, 4),

  saltJar: (c) =>
    rect(-100, -140, 200, 36, M.wood, 14) + ring(-60, -95, 20, M.steelDark, 6) +
    path('M-110-100h220v200q0 40-40 40h-140q-40 0-40-40z', M.glass) + path('M-110 0h220v100q0 40-40 40h-140q-40 0-40-40z', '#fff') +
    line('M-80 40h2M-40 70h2M20 30h2M60 90h2M-10 110h2M80 50h2', c.soft, 10) +
    line('M130 130l20-200', M.leafDark, 6) + line('M150-70v-2M144-50v-2M140-30v-2M136-10v-2M152-90v-2', c.main, 18),

  hairbrush: (c) =>
    group('rotate(-30)',
      rect(-170, -16, 170, 32, c.main, 16) + ellipse(70, 0, 100, 70, c.main) + ellipse(70, 0, 80, 54, c.dark) +
      line('M10-30h120M0 0h140M10 30h120', M.cream, 10, '2 14') + circle(-150, 0, 7, c.dark)),

  hotWaterBottle: (c) =>
    rect(-22, -170, 44, 40, c.dark, 8) + rect(-32, -140, 64, 40, c.accent, 6) +
    path('M-40-110h80q0 30 30 30 50 0 50 50v160q0 30-30 30h-180q-30 0-30-30V-30q0-50 50-50 30 0 30-30z', c.main) +
    line('M-100-10l20 20 20-20 20 20 20-20 20 20 20-20 20 20 20-20 20 20M-100 50l20 20 20-20 20 20 20-20 20 20 20-20 20 20 20-20 20 20', c.light, 8),

  lipBalm: (c) =>
    group('rotate(-15 40 -60)', ellipse(40, -60, 70, 140, M.steelDark) + ellipse(40, -60, 56, 122, c.light) + ellipse(40, -60, 30, 70, c.accent)) +
    path('M-140 0v60a140 50 0 0 0 280 0V0z', M.steelDark) + ellipse(0, 0, 140, 50, M.steel) + ellipse(0, 0, 110, 36, c.main) +
    path('M-30-14l15-26h30l15 26-15 26h-30z', c.accent),

  mitt: (c) =>
    path('M-90 150V-60q0-90 90-90t90 90v40l30-40q30-20 40 10l-70 110v100z', c.main) +
    line('M-60-100v220M-30-120v240M0-125v245M30-120v240M60-100v220', c.dark, 5, '10 8') + rect(-100, 110, 200, 40, c.accent, 8) + ring(110, 130, 20, c.dark, 8),

  zafu: (c) =>
    rect(-175, 100, 350, 40, c.accent, 20) + path('M-150 10v60a150 56 0 0 0 300 0V10z', c.dark) +
    line('M-120 60v40M-80 72v44M-40 78v46M0 80v46M40 78v46M80 72v44M120 60v40', c.main, 6) +
    ellipse(0, 10, 150, 56, c.main) + line('M0 10l-150 0M0 10l-106 40M0 10l0 56M0 10l106 40M0 10l150 0M0 10l106-40M0 10l0-56M0 10l-106-40', c.light, 5) +
    circle(0, 10, 14, c.dark) + line('M148 30q34 16 0 50', c.light, 12),

  sleepMask: (c) =>
    line('M-160-20q160-60 320 0', c.dark, 14) +
    path('M0-40q40-40 110-40 50 0 50 50 0 80-80 80-40 0-80-40-40 40-80 40-80 0-80-80 0-50 50-50 70 0 110 40z', c.main) +
    line('M-110 0q35 30 70 0M40 0q35 30 70 0', c.dark, 8) + line('M-100 12l-10 14M-75 20v16M-50 12l10 14M50 12l-10 14M75 20v16M100 12l10 14', c.dark, 5),

  wateringCan: (c) =>
    line('M-80-90q80-110 160 0', c.dark, 18) + line('M-110-40q-60 10-50 100', c.dark, 16) +
    path('M80 0l80-110 20 14-70 120z', c.main) + path('M150-140l55 20-20 50-55-20z', c.dark) +
    path('M-110-70h200l-10 210h-180z', c.main) + ellipse(-10, -70, 100, 16, c.dark) + line('M-104 80h190', c.light, 10),

  secateurs: (c) =>
    line('M-10 0q-50 60-40 160', c.main, 34) + line('M10 0q50 60 40 160', c.accent, 34) +
    path('M-8 0q-30-90 10-170 40 40 20 120z', M.steel) + path('M8 0q40-60 40-120-40 10-54 110z', M.steelDark) +
    circle(0, 0, 16, M.iron) + line('M-30 80q30-20 60 0', M.steelDark, 6),

  gardenPot: (c) =>
    path('M-140-120h280q0 20-20 40 0 130-40 200h-160q-40-70-40-200-20-20-20-40z', c.main) + rect(-150, -140, 300, 36, c.dark, 16) +
    line('M-110-50q25 25 55 0t55 0 55 0 55 0', M.leafDark, 10) + line('M-100-60v40M-40-60v50M20-60v40M90-60v45', c.accent, 10) +
    rect(-70, 120, 140, 20, c.dark, 8),

  seedPacket: (c) =>
    path('M-110-160h220v300h-220z', M.cream) + path('M-110-160h220l-20 40h-180z', c.main) +
    circle(0, 20, 70, '#d8433b') + path('M0-40l14 18 22-8-12 20 18 12-24 4-4 20-14-16-14 16-4-20-24-4 18-12-12-20 22 8z', M.leaf) +
    line('M-80 110h160', c.dark, 8) + circle(55, -5, 14, '#f08a7f'),

  gloves: (c) =>
    ['rotate(-14 -40 120)', 'translate(70 0) rotate(12 -40 120)'].map((t, i) =>
      group(t,
        path('M-100 140V-30l-30-50q-10-30 20-30l30 50V-130q0-20 16-20t16 20v90-110q0-20 16-20t16 20v110-100q0-20 16-20t16 20v100-80q0-20 16-20t16 20V140z', i ? c.accent : c.main) +
        rect(-104, 90, 124, 56, c.dark, 8))).join(''),

  insectHotel: (c) =>
    path('M-150-60L0-180l150 120z', M.steelDark) + rect(-120, -70, 240, 210, M.wood) +
    rect(-105, -50, 100, 80, M.woodDark) + rect(5, -50, 100, 80, M.woodDark) + rect(-105, 45, 210, 80, M.woodDark) +
    line('M-90-30h2M-60-30h2M-30-30h2M-90 0h2M-60 0h2M-30 0h2', M.cream, 18) + ellipse(55, -10, 34, 26, c.main) +
    line('M-90 85h180', c.accent, 40, '10 8'),

  lantern: (c) =>
    ring(0, -175, 18, c.dark, 8) + rect(-60, -160, 120, 30, c.dark, 6) + rect(-40, -176, 80, 14, M.ink) +
    path('M-70-130h140l10 240h-160z', c.main) + path('M-50-110h100l6 200H-56z', M.flame) +
    line('M-40-80h80M-44-30h88M-46 20h92M-48 70h96', c.main, 12, '4 14') + rect(-85, 110, 170, 30, c.dark, 8),

  trowel: (c) =>
    group('rotate(-25)',
      path('M0-60q-80 40-80 130 40 60 80 90 40-30 80-90 0-90-80-130z', M.steel) + line('M0-50v150', M.steelDark, 6) +
      rect(-8, -120, 16, 70, M.steelDark) + rect(-22, -250, 44, 140, c.main, 20) + circle(0, -225, 9, '#fff')),

  birdFeeder: (c) =>
    line('M0-200v40', M.woodDark, 5) + path('M-150-100L0-170l150 70z', c.main) + rect(-100, -100, 200, 160, M.glass) +
    path('M-100 0h200v60h-200z', M.cream) + line('M-80 30h2M-40 20h2M0 40h2M40 25h2M70 45h2', M.woodDark, 10) +
    rect(-140, 60, 280, 26, c.dark, 8) + line('M-120 86h80', M.woodDark, 8) +
    path('M-130 20q-5-50 40-40l30 10-30 14q-20 30-40 16z', c.accent) + circle(-110, -10, 4, '#000') + path('M-130 0l-18 6 18 6z', M.flame),
};
