// The CDN's all.js: registers every element.
import './components/provider/provider.js';
import './components/track-card/track-card.js';
import './components/trending-list/trending-list.js';
import './components/audio-player/audio-player.js';
import './components/user-card/user-card.js';
import './components/playlist/playlist.js';
import './components/search/search.js';
import './components/app-metrics/app-metrics.js';
import './components/login-button/login-button.js';
