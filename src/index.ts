/** The package root: the core layer, the audio engine, and every element (importing registers them). */
export * from './core/index.js';
export * from './core/audio.js';
export { ServiceProvider } from './components/provider/provider.js';
export { ServiceTrackCard } from './components/track-card/track-card.js';
