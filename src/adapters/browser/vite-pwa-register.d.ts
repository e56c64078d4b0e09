// Types of vite-plugin-pwa's `virtual:pwa-register` module (the plugin itself serves the code).
/// <reference types="vite-plugin-pwa/vanillajs" />
