import { css } from 'lit';

export const audioPlayerStyles = css`
  :host {
    display: block;
    width: 100%;
    max-width: var(--_max-width);
    container-type: inline-size;
  }
  .player {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    grid-template-areas:
      'now transport'
      'timeline timeline'
      'message volume';
    gap: 8px 16px;
    align-items: center;
    padding: 12px;
    background: var(--_background);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .now {
    grid-area: now;
    display: flex;
    align-items: center;
    gap: 12px;
    min-width: 0;
  }
  .artwork {
    width: 56px;
    height: 56px;
    flex: none;
    border-radius: calc(var(--_radius) - 4px);
    object-fit: cover;
    background: var(--_surface);
    display: block;
  }
  .text {
    min-width: 0;
  }
  .title {
    font-weight: 650;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .artist {
    color: var(--_muted);
    font-size: 0.9em;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .idle {
    color: var(--_muted);
  }
  .now .state {
    padding: 0;
    flex: 1;
  }
  .transport {
    grid-area: transport;
    display: flex;
    align-items: center;
    gap: 6px;
  }
  .timeline {
    grid-area: timeline;
    display: flex;
    align-items: center;
    gap: 10px;
  }
  input {
    accent-color: var(--_accent);
  }
  .seek {
    flex: 1;
    min-width: 0;
  }
  /* Elapsed before total in an RTL page too, as clocks read. */
  .time {
    direction: ltr;
    unicode-bidi: isolate;
    font-variant-numeric: tabular-nums;
    color: var(--_muted);
    font-size: 0.85em;
    white-space: nowrap;
  }
  .volume-group {
    grid-area: volume;
    display: flex;
    align-items: center;
    gap: 6px;
    justify-self: end;
  }
  .volume {
    width: 96px;
  }
  .message {
    grid-area: message;
    color: var(--_text);
    font-size: 0.9em;
  }
  .icon-button {
    display: grid;
    place-items: center;
    width: 36px;
    height: 36px;
    border-radius: 50%;
    border: 1px solid transparent;
    background: none;
    font-size: 20px;
  }
  /* Next and previous point the way the page reads. */
  :is([part^='next'], [part^='prev']):dir(rtl) svg {
    transform: scaleX(-1);
  }
  .icon-button:hover:not(:disabled) {
    background: var(--_surface);
  }
  .play {
    width: 44px;
    height: 44px;
    border: none;
    background: var(--_accent);
    color: var(--_on-accent);
    font-size: 24px;
  }
  .play:hover:not(:disabled) {
    background: var(--_accent);
    filter: brightness(1.1);
  }
  .play[aria-busy='true'] {
    opacity: 0.75;
  }
  :disabled,
  [aria-disabled='true'] {
    cursor: default;
    opacity: 0.5;
  }
  /* A touch screen: 44 px sliders, and no volume slider where the device has its own volume keys. */
  @media (pointer: coarse) {
    input {
      min-height: 44px;
    }
  }
  @media (hover: none) and (pointer: coarse) {
    .volume {
      display: none;
    }
  }
  /* A phone: the track, its timeline, then the buttons and the volume on one row (no row for a lone mute). */
  @container (max-width: 480px) {
    .player {
      grid-template-areas: 'now now' 'timeline timeline' 'transport volume' 'message message';
    }
  }
`;
