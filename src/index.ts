/** The package root: the core layer, the audio engine, and every element (importing registers them). */
export * from './core/index.js';
export * from './core/audio.js';
// The page's favourites (per session: each track's count and the user's favourite), read by every element that shows them.
export {
  createFavoritesStore, getFavorites, sessionSource,
  type FavoritesStore, type FavoriteState, type FavoritesSource, type FavoritesListener,
} from './core/favorites-store.js';
export { ServiceProvider } from './components/provider/provider.js';
export { ServiceTrackCard } from './components/track-card/track-card.js';
export { ServiceTrendingList } from './components/trending-list/trending-list.js';
export { ServiceAudioPlayer } from './components/audio-player/audio-player.js';
export { ServiceUserCard } from './components/user-card/user-card.js';
export { ServicePlaylist } from './components/playlist/playlist.js';
export { ServiceSearch, type SearchSelectDetail } from './components/search/search.js';
export { ServiceLoginButton, DEFAULT_TEXT, type LoginSuccessDetail, type LoginErrorDetail, type LogoutDetail } from './components/login-button/login-button.js';
export { ServiceAppMetrics } from './components/app-metrics/app-metrics.js';
export { ServiceFavoriteButton, type FavoriteChangeDetail } from './components/favorite-button/favorite-button.js';
export type { ServiceErrorDetail } from './components/shared/service-element.js';
