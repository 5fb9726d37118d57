import { css } from 'lit';

export const trackCardStyles = css`
  :host {
    display: block;
    max-width: 520px;
  }
  .card {
    display: grid;
    grid-template-columns: auto 1fr auto;
    gap: 12px;
    align-items: center;
    padding: 12px;
    background: var(--_background);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
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
  .title {
    font-weight: 650;
    font-size: 1.05em;
    margin: 0;
    overflow-wrap: anywhere;
  }
  .title a {
    color: inherit;
  }
  .artist {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    color: var(--_muted);
    margin-top: 2px;
  }
  .artist svg {
    color: var(--_accent);
  }
  .meta,
  .stats,
  .tags {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 12px;
    margin: 6px 0 0;
    padding: 0;
    list-style: none;
    color: var(--_muted);
    font-size: 0.85em;
  }
  .stats li {
    display: inline-flex;
    align-items: center;
    gap: 4px;
  }
  .badge {
    display: inline-block;
    padding: 1px 8px;
    border-radius: 999px;
    background: var(--_surface);
    color: var(--_text);
    font-size: 0.8em;
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
  }
  .play[aria-busy='true'] {
    opacity: 0.75;
  }
  :host([size='compact']) .artwork {
    width: 56px;
    height: 56px;
  }
  :host([size='compact']) .tags,
  :host([size='compact']) .meta,
  :host([size='tiny']) .artwork,
  :host([size='tiny']) .tags,
  :host([size='tiny']) .meta,
  :host([size='tiny']) .stats {
    display: none;
  }
  :host([size='tiny']) .card {
    padding: 6px 8px;
    gap: 8px;
    grid-template-columns: 1fr auto;
  }
  :host([size='tiny']) .play {
    width: 32px;
    height: 32px;
    font-size: 16px;
  }
`;
