import { css, html, nothing, type TemplateResult } from 'lit';
import type { PlayerState } from '../../core/audio.js';
import type { Track } from '../../core/index.js';
import { formatDuration, safeUrl } from './format.js';
import { picture } from './states.js';
import { progress, progressStyles } from './progress.js';
import { pauseIcon, playIcon, verifiedIcon } from './icons.js';
import type { Translate } from '../../core/i18n/translate.js';

/**
 * Rows of playable tracks, rendered inline (no element per row) so a list of 100 costs one
 * template per item. Shared by the trending list, the playlist and the user card; their
 * controller, which links them to the audio engine, is src/controllers/track-rows.ts.
 */

/**
 * One `<li part="item">`: number, small artwork, title, artist, duration and a play/pause button.
 * The row carries `data-track-id`: the list's one click listener plays what a click anywhere on
 * a row hit. The engine's current track is marked `aria-current="true"`, and shows a seek slider
 * with its time (in whole seconds, as the TrackRows controller re-renders) under the artist, in
 * place of the duration column.
 */
export function trackItem(track: Track, number: number | undefined, state: PlayerState, seek: (seconds: number) => void, t: Translate, lang: string): TemplateResult {
  const current = state.track?.id === track.id;
  const playing = current && !state.paused;
  const artwork = safeUrl(track.artwork?.['150x150'] ?? track.artwork?.['480x480']);
  return html`<li part="item" class="item" data-track-id=${track.id} aria-current=${current ? 'true' : nothing}>
    ${number === undefined ? nothing : html`<span part="rank" class="rank">${number}</span>`}
    ${picture('item-artwork', artwork)}
    <span class="text">
      <span part="item-title" class="title" dir="auto">${track.title}</span>
      <span part="item-artist" class="artist" dir="auto">${track.user.name}${track.user.is_verified ? verifiedIcon(t) : nothing}</span>
      ${current ? progress(track.title, true, Math.floor(state.currentTime), state.duration, seek, t, lang) : nothing}
    </span>
    <span part="item-duration" class="duration"><span class="visually-hidden">${t('Duration')} </span>${formatDuration(track.duration)}</span>
    <button part="item-play" class="item-play" aria-label=${t(playing ? 'Pause {title}' : 'Play {title}', { title: track.title })}>
      ${playing ? pauseIcon() : playIcon()}
    </button>
  </li>`;
}

/** The `<ol part="list">` of rows; `onClick` hears every click in it. */
export const trackList = (label: string, items: unknown, onClick: (event: Event) => void): TemplateResult =>
  html`<ol part="list" class="rows" aria-label=${label} @click=${onClick}>${items}</ol>`;

export const trackRowStyles = [progressStyles, css`
  /* The three lists' host: the elements' one width rule (theme.ts). */
  :host {
    display: block;
    width: 100%;
    max-width: var(--_max-width);
  }
  /* The trending list's and the playlist's frame. */
  .box {
    background: var(--_background);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .rows {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  .item {
    display: grid;
    grid-template-columns: auto auto minmax(0, 1fr) auto auto;
    align-items: center;
    gap: 10px;
    padding: 6px 8px;
    border-radius: calc(var(--_radius) - 4px);
    contain: layout style;
  }
  .item:hover {
    background: var(--_surface);
    cursor: pointer;
  }
  .item:not(:has(.rank)) {
    grid-template-columns: auto minmax(0, 1fr) auto auto;
  }
  .item + .item {
    border-top: 1px solid var(--_border);
  }
  .item[aria-current='true'] {
    background: var(--_surface);
  }
  .item[aria-current='true'] .title {
    color: var(--_accent);
  }
  .rank {
    min-width: 2ch;
    text-align: end;
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
  }
  .item-artwork {
    width: 40px;
    height: 40px;
    border-radius: 4px;
    object-fit: cover;
    background: var(--_surface);
  }
  .text {
    display: flex;
    flex-direction: column;
    min-width: 0;
  }
  .title,
  .artist {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .title {
    font-weight: 600;
  }
  .artist {
    color: var(--_muted);
    font-size: 0.9em;
  }
  .artist svg {
    color: var(--_accent);
    margin-inline-start: 4px;
    vertical-align: -0.125em;
  }
  .duration {
    color: var(--_muted);
    font-size: 0.9em;
    font-variant-numeric: tabular-nums;
  }
  .item-play {
    width: 32px;
    height: 32px;
    border-radius: 50%;
    border: 1px solid var(--_border);
    background: var(--_background);
    display: grid;
    place-items: center;
    font-size: 16px;
    padding: 0;
  }
  .item[aria-current='true'] .item-play {
    background: var(--_accent);
    border-color: var(--_accent);
    color: var(--_on-accent);
  }
  .item-play:hover {
    border-color: var(--_accent);
  }
  .item-play:active {
    transform: scale(0.92);
  }
  .item .progress {
    height: 1.26em;
  }
  /* The playing row says its time once, beside its slider: its text takes the duration's column. */
  .item[aria-current='true'] .duration {
    display: none;
  }
  .item[aria-current='true'] .text {
    grid-column: span 2;
  }
  /* The current row's fill and accent title are dropped by the forced palette: an outline marks it. */
  @media (forced-colors: active) {
    .item[aria-current='true'] {
      outline: 2px solid Highlight;
      outline-offset: -2px;
    }
  }
  /* A phone's row gives its title the room: no duration column (the slider shows the time). */
  @media (max-width: 420px) {
    .duration {
      display: none;
    }
    .item {
      gap: 8px;
    }
  }
`];
