import { css } from 'lit';

export const userCardStyles = css`
  /* Given a height, the card fills it and the open tab scrolls under the profile and the tabs. */
  .card {
    display: flex;
    flex-direction: column;
    height: 100%;
    background: var(--_background);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    overflow: hidden;
    padding-bottom: 8px;
  }
  .card > * {
    flex: none;
  }
  .card > .panel {
    flex: 1 1 auto;
    min-height: 0;
    overflow-y: auto;
    overscroll-behavior: contain;
  }
  .cover {
    width: 100%;
    height: 140px;
    object-fit: cover;
    background: var(--_surface);
  }
  .head {
    display: flex;
    align-items: flex-end;
    gap: 12px;
    padding: 0 16px;
    margin-top: -40px;
  }
  .avatar {
    width: 88px;
    height: 88px;
    border-radius: 50%;
    border: 3px solid var(--_background);
    object-fit: cover;
    background: var(--_surface);
    flex: none;
  }
  .who {
    min-width: 0;
    padding-bottom: 4px;
  }
  .name {
    font-size: 1.3em;
    font-weight: 700;
    display: flex;
    align-items: center;
    gap: 6px;
  }
  .name span,
  .handle {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .handle {
    display: block;
    color: var(--_muted);
  }
  .name svg {
    color: var(--_accent);
    flex: none;
  }
  .bio,
  .location {
    margin: 8px 16px 0;
    white-space: pre-line;
    overflow-wrap: anywhere;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 3;
    overflow: hidden;
  }
  .location {
    -webkit-line-clamp: 1;
    color: var(--_muted);
    font-size: 0.9em;
  }
  /* One row each at any width (an embed's frame has a fixed height): an item that does not fit
     wraps to a second row, which is clipped, so items drop whole and none is cut. */
  .counts,
  .tags {
    --_gap: 14px;
    display: flex;
    flex-wrap: wrap;
    white-space: nowrap;
    overflow: hidden;
    height: 1lh;
    gap: 0 var(--_gap);
    margin: 10px 16px 0;
    padding: 0;
    list-style: none;
    font-size: 0.9em;
    color: var(--_muted);
  }
  .counts strong {
    color: var(--_text);
  }
  /* A zero-width first item, a row high: the row is never empty and what wraps starts below it,
     out of view, so even the first item drops whole when too wide. */
  :is(.counts, .tags)::before {
    content: '';
    height: 100%;
    margin-inline-end: calc(-1 * var(--_gap));
  }
  .tags {
    --_gap: 6px;
    height: calc(1lh + 2px);
  }
  .tags li {
    padding: 1px 8px;
    border-radius: 999px;
    background: var(--_surface);
    color: var(--_text);
  }
  .tags li::before {
    content: '#';
  }
  .tabs {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
    margin: 14px 16px 0;
    border-bottom: 1px solid var(--_border);
  }
  [role='tab'] {
    border: none;
    background: none;
    padding: 8px 12px;
    border-bottom: 2px solid transparent;
    margin-bottom: -1px;
    color: var(--_muted);
  }
  [role='tab'][aria-selected='true'] {
    color: var(--_text);
    border-bottom-color: var(--_accent);
    font-weight: 600;
  }
  .panel {
    margin: 8px 8px 0;
  }
  .panel:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  .kind {
    padding: 1px 8px;
    border-radius: 999px;
    background: var(--_surface);
    font-size: 0.8em;
  }
  .pager {
    display: flex;
    align-items: center;
    justify-content: center;
    gap: 12px;
    padding: 8px;
    color: var(--_muted);
  }
  .pager button {
    border: 1px solid var(--_border);
    background: var(--_background);
    border-radius: var(--_radius);
    padding: 4px 12px;
  }
  .pager button[aria-disabled='true'] {
    opacity: 0.5;
    cursor: default;
  }
`;
