import { css } from 'lit';

// The card is as tall as its content: its least height is a one-line title's card (every line has
// a set line height: 22.1 + 2 + 19.6 + 6 + 18.2 + 18.2 + 6 + 20 px, padding and border: 138.1 px),
// which the loading, error and empty states take too, so nothing moves; a two-line title adds a line.
export const trackCardStyles = css`
  :host {
    display: block;
    width: 100%;
    max-width: var(--_max-width);
    --_height: 8.7em;
  }
  :host([size='compact']) {
    --_height: 6em;
  }
  :host([size='tiny']) {
    --_height: 62px;
  }
  .card,
  .state {
    min-height: var(--_height);
    height: 100%;
    padding: 12px;
    background: var(--_background);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .card {
    position: relative;
    display: grid;
    grid-template-columns: auto minmax(0, 1fr) auto;
    gap: 12px;
    align-items: center;
  }
  .state {
    display: flex;
    flex-direction: column;
    justify-content: center;
  }
  .artwork {
    width: 96px;
    height: 96px;
    border-radius: calc(var(--_radius) - 4px);
    object-fit: cover;
    background: var(--_surface);
    display: block;
  }
  .body {
    min-width: 0;
  }
  /* The type scale: title 17 px semibold over a 14 px artist, counts 13 px, badges 12 px. */
  .title {
    font-weight: 600;
    font-size: 1.0625em;
    line-height: 1.3;
    margin: 0;
    overflow-wrap: anywhere;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    overflow: hidden;
  }
  .title a {
    color: inherit;
    text-decoration: none;
  }
  .title a:hover {
    text-decoration: underline;
  }
  .artist {
    display: flex;
    align-items: center;
    gap: 4px;
    color: var(--_muted);
    font-size: 0.875em;
    line-height: 1.4;
    margin-top: 2px;
    min-width: 0;
  }
  .artist span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .artist svg {
    color: var(--_accent);
    flex: none;
  }
  .line {
    display: flex;
    gap: 12px;
  }
  .line,
  .progress {
    margin-top: 6px;
  }
  /* One row each, at any width: an item that does not fit wraps to a second row, which is
     clipped, so items drop whole and none is cut. */
  .meta,
  .stats,
  .tags {
    --_gap: 12px;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0 var(--_gap);
    height: 1.4em;
    line-height: 1.4;
    min-width: 0;
    margin: 0;
    padding: 0;
    list-style: none;
    color: var(--_muted);
    font-size: 0.8125em;
    white-space: nowrap;
    overflow: hidden;
  }
  /* A zero-width first item, a row high: the row is never empty and what wraps starts below it,
     out of view, so even the first real item drops whole when too wide. */
  :is(.meta, .stats, .tags)::before {
    content: '';
    align-self: stretch;
    height: 100%;
    margin-inline-end: calc(-1 * var(--_gap));
  }
  .stats {
    flex: 0 1 auto;
  }
  /* The badges give way first: the counts keep their room. */
  .meta {
    --_gap: 4px;
    flex: 0 1000 auto;
  }
  .stats li {
    display: inline-flex;
    align-items: center;
    gap: 4px;
  }
  .badge {
    display: inline-block;
    padding: 0 8px;
    border-radius: 999px;
    background: var(--_surface);
    color: var(--_text);
    font-size: calc(12em / 13);
    /* 18 px: within the 18.2 px row, so a badge is never clipped at its top and bottom. */
    line-height: 1.5;
  }
  .tags li::before {
    content: '#';
  }
  .play {
    width: 48px;
    height: 48px;
    border-radius: 50%;
    border: none;
    background: var(--_accent);
    color: var(--_on-accent);
    display: grid;
    place-items: center;
    font-size: 24px;
    transition: transform 0.1s, filter 0.1s;
  }
  .play:hover {
    filter: brightness(1.12);
  }
  .play:active {
    transform: scale(0.94);
  }
  .play[aria-busy='true'] {
    opacity: 0.75;
  }
  /* Share and download under the play button (beside it in compact): 28 px targets, within every size's height. */
  .actions {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 4px;
    --_tool: 28px;
  }
  /* As wide as two tools whichever the track has (Download only when downloadable): Play stands in one place on every card.
     Not on a touch screen (--_reserve: 0 below), whose 44 px tools would take the seek bar's room at 320 px. */
  :host([size='card']) .actions {
    min-width: var(--_reserve, calc(2 * var(--_tool) + 4px));
  }
  .tools {
    display: flex;
    gap: 4px;
  }
  .tool {
    width: var(--_tool);
    height: var(--_tool);
    padding: 0;
    border: none;
    border-radius: 50%;
    background: none;
    color: var(--_muted);
    display: grid;
    place-items: center;
    font-size: 18px;
  }
  .tool:hover {
    background: var(--_surface);
    color: var(--_text);
  }
  /* On a touch screen 44 px, as theme.ts makes every button: at 300 px the text gives up the room. */
  @media (pointer: coarse) {
    .actions {
      --_tool: 44px;
      --_reserve: 0;
    }
  }
  /* "Link copied", or the link to copy by hand: over the card's bottom edge, for a moment. */
  .note {
    position: absolute;
    inset-inline: 12px;
    bottom: 4px;
    padding: 2px 8px;
    font: inherit;
    font-size: 0.8125em;
    color: var(--_background);
    background: var(--_text);
    border: none;
    border-radius: 6px;
    text-align: center;
  }
  :host([size='compact']) .actions {
    flex-direction: row-reverse;
  }
  :host([size='compact']) .tools {
    flex-direction: column;
  }
  :host([size='tiny']) .tools {
    display: none;
  }
  :host([size='compact']) .artwork {
    width: 56px;
    height: 56px;
  }
  :host(:is([size='compact'], [size='tiny'])) .title {
    -webkit-line-clamp: 1;
  }
  :host([size='compact']) :is(.line, .tags),
  :host([size='tiny']) :is(.artwork, .line, .tags) {
    display: none;
  }
  /* Not available, at the card's size: compact leaves out the mark, tiny keeps the title alone. */
  :host([size='compact']) .state > svg,
  :host([size='tiny']) .state > :is(svg, .state-line) {
    display: none;
  }
  :host([size='tiny']) :is(.card, .state) {
    padding: 6px 8px;
  }
  :host([size='tiny']) .card {
    gap: 8px;
    grid-template-columns: minmax(0, 1fr) auto;
  }
  :host([size='tiny']) .progress {
    margin-top: 2px;
  }
  :host([size='tiny']) .play {
    width: 32px;
    height: 32px;
    font-size: 16px;
  }
  /* A phone's card gives its text the room. */
  @media (max-width: 420px) {
    :host(:not([size='compact'])) .artwork {
      width: 72px;
      height: 72px;
    }
  }
`;
