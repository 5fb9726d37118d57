import { css } from 'lit';

export const playlistStyles = css`
  /* Given a height, the box fills it and the list scrolls under the header. */
  .box {
    display: flex;
    flex-direction: column;
    height: 100%;
    padding: 12px;
  }
  .box > * {
    flex: none;
  }
  .box > .rows {
    flex: 1 1 auto;
    min-height: 0;
    overflow-y: auto;
    overscroll-behavior: contain;
  }
  .header {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    gap: 16px;
    align-items: end;
    margin-bottom: 12px;
  }
  .artwork {
    width: 128px;
    height: 128px;
    border-radius: calc(var(--_radius) - 4px);
    object-fit: cover;
    background: var(--_surface);
  }
  .kind {
    display: inline-block;
    padding: 1px 8px;
    border-radius: 999px;
    background: var(--_surface);
    font-size: 0.8em;
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
  .name {
    margin: 4px 0;
    font-size: 1.4em;
    font-weight: 700;
    overflow-wrap: anywhere;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    overflow: hidden;
  }
  .owner {
    color: var(--_muted);
    display: flex;
    align-items: center;
    gap: 4px;
    min-width: 0;
  }
  .owner span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .owner svg {
    color: var(--_accent);
    flex: none;
  }
  /* One row at any width (an embed's frame has a fixed height): a count that does not fit wraps
     to a second row, which is clipped, so counts drop whole and none is cut. */
  .counts {
    display: flex;
    flex-wrap: wrap;
    gap: 0 12px;
    height: 1lh;
    overflow: hidden;
    margin: 6px 0 0;
    padding: 0;
    list-style: none;
    color: var(--_muted);
    font-size: 0.85em;
    white-space: nowrap;
  }
  /* A zero-width first item, a row high: the row is never empty and what wraps starts below it,
     out of view, so even the first count drops whole when too wide. */
  .counts::before {
    content: '';
    height: 100%;
    margin-inline-end: -12px;
  }
  .description {
    margin: 0 0 12px;
    white-space: pre-line;
    overflow-wrap: anywhere;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 3;
    overflow: hidden;
  }
  .play-all {
    align-self: flex-start;
    display: inline-flex;
    align-items: center;
    gap: 6px;
    border: none;
    border-radius: 999px;
    background: var(--_accent);
    color: var(--_on-accent);
    padding: 8px 16px;
    font-weight: 600;
    margin-bottom: 8px;
    transition: transform 0.1s, filter 0.1s;
  }
  .play-all:hover {
    filter: brightness(1.12);
  }
  .play-all:active {
    transform: scale(0.96);
  }
  .play-all:disabled {
    opacity: 0.5;
    cursor: default;
  }
  @media (max-width: 420px) {
    .artwork {
      width: 72px;
      height: 72px;
    }
    .header {
      gap: 12px;
      align-items: center;
    }
    .name {
      font-size: 1.2em;
    }
  }
`;
