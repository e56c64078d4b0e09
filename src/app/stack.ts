// The stack the shop runs on, started before any module of the shop: vite.config.ts puts this
// module and the packages it starts in a chunk of their own (the `stack` group), after React's
// (the `react` group, started by ./stack-react), and the built page runs each chunk in a task of
// its own before the shop's (scripts/vite/first-paint-hints.ts). Packages published as CommonJS
// start when first imported: named here, they start with their chunk.
// The lite build of reflect-metadata: the same Reflect.metadata API without the Map/Set/WeakMap
// polyfills every browser the shop supports already has; tsyringe needs it before it starts.
import './stack-react';
import 'reflect-metadata/lite';
import 'tsyringe';
import 'react-router-dom';
import '@tanstack/react-query';
