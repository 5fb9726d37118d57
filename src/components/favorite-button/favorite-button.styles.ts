import { css } from 'lit';

export const favoriteButtonStyles = css`
  :host {
    display: inline-block;
  }
  button {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-height: 32px;
    padding: 4px 12px;
    font: inherit;
    font-size: 14px;
    color: var(--_text);
    background: var(--_background);
    border: 1px solid var(--_border);
    border-radius: 999px;
    cursor: pointer;
  }
  button:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  svg {
    font-size: 18px;
    fill: none;
    stroke: currentColor;
    stroke-width: 2;
  }
  [aria-pressed='true'] svg {
    color: var(--_accent);
    fill: currentColor;
  }
  .label {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
