// The Vue and Svelte examples: `npm run build` (the framework's type check, then Vite) with the
// service's address, then the built page served as static files and checked in Chromium.
import { join } from 'node:path';
import { checkApp, run, serveStatic } from './app-check.mjs';

export function viteApp(appName) {
  return async function check({ dir, serviceUrl, browser, log }) {
    run('npm', ['run', 'build'], { cwd: dir, env: { ...process.env, VITE_SERVICE_HOST: serviceUrl } });
    log('  built (type check and vite build)');
    const site = await serveStatic(join(dir, 'dist'));
    try {
      const messages = await checkApp(browser, site.url, { serviceUrl, appName, log });
      if (messages.length) throw new Error(`the console is not clean:\n${messages.join('\n')}`);
    } finally {
      await site.close();
    }
  };
}
