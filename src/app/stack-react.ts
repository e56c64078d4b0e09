// React and its DOM renderer, published as CommonJS: named here, they start when the `react`
// chunk of vite.config.ts runs, in a task of their own before the rest of the stack (./stack.ts).
import 'react';
import 'react-dom/client';
