import { viteApp } from './vite-app.mjs';

export const run = viteApp('vue-example');
