// What the demo page and the screenshot script show for each element: a title, the starting
// attributes and a width. Shared by both (a browser module that also imports in Node).
// An element without a preset is still shown, with no attributes.

/** The reference service's public demo app and account (README, docs/login.md). */
export const DEMO = {
  appName: 'demo',
  apiKey: '774b4a83134248429841ef8bd8a685f0875b9ab1',
  userId: '7eP5n',
  login: 'demo@example.com',
  password: 'listen-offline',
};

/** Ids in the default generated catalog, used when the service offers nothing better. */
const FALLBACK = { trackId: 'DB0d9', playlistId: 'DNYwL', userId: 'nQN3L' };

/**
 * Picks a track (the top trending one), its artist, and a playlist (a short one that a search
 * finds) from the service, so the demo works with any catalog. The demo account's own tracks
 * include one with markup in its title, kept for the tests: the demo leads with an artist's.
 * @param {string} serviceUrl
 * @param {string} [appName]
 * @returns {Promise<{ trackId: string, playlistId: string, userId: string }>}
 */
export async function findSamples(serviceUrl, appName = DEMO.appName) {
  const base = serviceUrl.replace(/\/+$/, '');
  const get = async (path) => {
    const sep = path.includes('?') ? '&' : '?';
    const res = await fetch(`${base}/v1${path}${sep}app_name=${encodeURIComponent(appName)}`);
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return (await res.json()).data;
  };
  const samples = { ...FALLBACK };
  try {
    const [top] = await get('/tracks/trending?limit=1');
    if (top) [samples.trackId, samples.userId] = [top.id, top.user.id];
    // A short one reads best; else the first with any tracks.
    let best = 0;
    for (const playlist of await get('/playlists/search?query=a&limit=8')) {
      const count = (await get(`/playlists/${playlist.id}/tracks`)).length;
      const score = count >= 3 && count <= 12 ? 2 : count ? 1 : 0;
      if (score > best) [best, samples.playlistId] = [score, playlist.id];
      if (best === 2) break;
    }
  } catch {
    // The service is down or the catalog is odd: the fallbacks show the elements' error states.
  }
  return samples;
}

/**
 * @typedef {{ title: string, attrs: Record<string, string | boolean>, width: number, about?: string }} Preset
 * @param {{ trackId: string, playlistId: string, userId: string }} samples
 * @returns {Record<string, Preset>} by tag
 */
export function presets({ trackId, playlistId, userId }) {
  return {
    'service-login-button': {
      title: 'Login button',
      attrs: { 'api-key': DEMO.apiKey, scope: 'read' },
      width: 320,
      about: `Sign in as ${DEMO.login} / ${DEMO.password}. The profile arrives in service-login-success.`,
    },
    'service-track-card': { title: 'Track card', attrs: { 'track-id': trackId, 'heading-level': '3' }, width: 360 },
    'service-favorite-button': {
      title: 'Favorite button',
      attrs: { 'track-id': trackId, 'api-key': DEMO.apiKey },
      width: 200,
      about: `Signed out, a click signs in (code flow, in a popup) as ${DEMO.login} / ${DEMO.password}, then favourites.`,
    },
    'service-trending-list': { title: 'Trending list', attrs: { limit: '5', controls: true }, width: 560 },
    'service-audio-player': { title: 'Audio player', attrs: { 'track-id': trackId }, width: 560 },
    'service-user-card': { title: 'User card', attrs: { 'user-id': userId, 'page-size': '5', 'heading-level': '3' }, width: 560 },
    'service-playlist': { title: 'Playlist', attrs: { 'playlist-id': playlistId, 'heading-level': '3' }, width: 560 },
    'service-search': { title: 'Search', attrs: { placeholder: 'Search tracks, e.g. "the"' }, width: 420 },
    'service-app-metrics': { title: 'App metrics', attrs: { 'time-range': 'week', limit: '5' }, width: 520 },
  };
}

/** Allowed values of every attribute with a fixed set (a string union, or heading-level's 2 to 6): the demo's selects. */
export const ENUMS = {
  theme: ['', 'light', 'dark', 'auto'],
  loading: ['eager', 'lazy'],
  scope: ['read', 'write'],
  corners: ['default', 'pill'],
  display: ['', 'popup', 'fullScreen'],
  'response-mode': ['', 'fragment', 'query'],
  time: ['week', 'month', 'allTime'],
  'time-range': ['week', 'month', 'all_time'],
  type: ['tracks', 'users', 'playlists'],
  tab: ['tracks', 'favorites', 'reposts'],
  view: ['chart', 'table'],
  flow: ['jwt', 'code'],
  'token-storage': ['memory', 'session', 'local'],
  'heading-level': ['2', '3', '4', '5', '6'],
  'service-track-card size': ['card', 'compact', 'tiny'],
  'service-login-button size': ['small', 'medium', 'large'],
};

/** Events the log listens for, besides those the manifest lists. */
export const EVENTS = [
  'service-login-success',
  'service-login-error',
  'service-error',
  'service-select',
  'service-play',
  'service-pause',
  'service-trackchange',
  'service-ended',
  'service-timeupdate',
  'service-trending-change',
];

/** Tags that draw nothing of their own (the demo uses the provider as the page's wrapper). */
export const NON_VISUAL = ['service-provider'];
