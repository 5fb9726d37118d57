// Eleventy renders pages at build time; the `service` shortcode puts one of the kit's elements in a
// page as server-rendered HTML, with its data, through service-kit/ssr. The page loads the kit with
// hydration (all-hydrate.js), so the elements come alive in place without fetching again.
import { renderToString } from 'service-kit/ssr';

/** Where the data comes from at build time (and where the elements point once in the browser). */
const host = process.env.SERVICE_URL ?? 'http://127.0.0.1:7700';
const appName = process.env.SERVICE_APP_NAME ?? 'eleventy-example';

export default function (config) {
  // {% service "service-track-card", { "track-id": "DB0d9", "size": "compact" } %}
  config.addAsyncShortcode('service', (tag, attributes = {}) => renderToString(tag, attributes, { host, appName }));
  // The kit's CDN files, from the package, next to the pages.
  config.addPassthroughCopy({ 'node_modules/service-kit/dist/cdn': 'cdn' });
  config.addGlobalData('service', { host });
  return { dir: { input: 'src', output: '_site' } };
}
