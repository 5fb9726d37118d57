// The CDN's all.js: registers every element.
// The provider first, so it is defined to answer when the page's other elements upgrade and ask
// for its settings. The rest are in the order whose bundle gzips smallest: which module lands near
// which moves all.js by some 500 bytes, so measure before reordering.
// Lit's modules first: the provider, built on ReactiveElement alone, would otherwise land ahead of
// lit-html, and all.js gzips larger.
import 'lit';
import './components/provider/provider.js';
import './components/login-button/login-button.js';
import './components/search/search.js';
import './components/trending-list/trending-list.js';
import './components/track-card/track-card.js';
import './components/app-metrics/app-metrics.js';
import './components/user-card/user-card.js';
import './components/audio-player/audio-player.js';
import './components/playlist/playlist.js';
