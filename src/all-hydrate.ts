// The CDN's all-hydrate.js: hydration support first (before Lit loads), then every element, as all.js.
import './hydrate.js';
import './all.js';
export { registerTranslation } from './all.js';
