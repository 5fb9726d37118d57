/**
 * Playback: the page's audio engine (one `<audio>` and a queue for every card, list and player)
 * and the player model behind `<service-audio-player>`. No Lit, no custom elements.
 */
export * from './audio-types.js';
export { createAudioEngine, getAudioEngine } from './audio-engine.js';
export { createPlayer, type Player, type PlayerView, type PlayerEvent, type PlayerEventMap, type PlayerListener } from './player.js';
