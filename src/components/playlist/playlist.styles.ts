import { css } from 'lit';

export const playlistStyles = css`
  :host {
    display: block;
    max-width: 640px;
  }
  .box {
    background: var(--_background);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 12px;
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
    display: block;
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
  }
  .owner {
    color: var(--_muted);
    display: inline-flex;
    align-items: center;
    gap: 4px;
  }
  .owner svg {
    color: var(--_accent);
  }
  .counts {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 12px;
    margin: 6px 0 0;
    padding: 0;
    list-style: none;
    color: var(--_muted);
    font-size: 0.85em;
  }
  .description {
    margin: 0 0 12px;
    white-space: pre-line;
    overflow-wrap: anywhere;
  }
  .play-all {
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
  }
  .play-all:disabled {
    opacity: 0.5;
    cursor: default;
  }
  @media (max-width: 420px) {
    .header {
      grid-template-columns: 1fr;
    }
  }
`;
