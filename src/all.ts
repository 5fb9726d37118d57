// The CDN's all.js: registers every element.
// Lit's modules first: the provider, built on ReactiveElement alone, would otherwise land ahead of
// lit-html, and all.js gzips larger. Then every stylesheet and the shared view helpers, side by side:
// CSS next to CSS and templates next to templates find more repeats in gzip's 32 KB window (some
// 100 bytes). Then the provider, so it is defined to answer when the page's other elements upgrade
// and ask for its settings; the rest in the order whose bundle gzips smallest. Which module lands
// near which moves all.js by some 500 bytes, so measure before reordering.
import 'lit';
import './components/shared/theme.js';
import './components/trending-list/trending-list.styles.js';
import './components/search/search.styles.js';
import './components/track-card/track-card.styles.js';
import './components/audio-player/audio-player.styles.js';
import './components/playlist/playlist.styles.js';
import './components/user-card/user-card.styles.js';
import './components/login-button/login-button.styles.js';
import './components/shared/icons.js';
import './components/shared/format.js';
import './components/shared/states.js';
import './components/shared/track-rows.js';
import './components/app-metrics/app-metrics.styles.js';
import './components/favorite-button/favorite-button.styles.js';
import './components/provider/provider.js';
import './components/login-button/login-button.js';
import './components/favorite-button/favorite-button.js';
import './components/trending-list/trending-list.js';
import './components/app-metrics/app-metrics.js';
import './components/search/search.js';
import './components/audio-player/audio-player.js';
import './components/track-card/track-card.js';
import './components/playlist/playlist.js';
import './components/user-card/user-card.js';

// A page that loads only the CDN file can still add a language or its own words (docs/guide.md#languages).
export { registerTranslation } from './core/i18n/registry.js';
