import { css } from 'lit';

export const favoriteButtonStyles = css`
  /* A box of its own (an inline host measures 0 wide), in line with the text around it. */
  :host {
    display: inline-block;
    max-width: 100%;
  }
  button {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    padding: 6px 12px;
    font: inherit;
    color: inherit;
    background: var(--_background);
    border: 1px solid var(--_border);
    border-radius: 999px;
    cursor: pointer;
  }
  svg {
    fill: none;
    stroke: currentColor;
    stroke-width: 2;
  }
  [aria-pressed='true'] svg {
    color: var(--_accent);
    fill: currentColor;
  }
  span {
    position: absolute;
    clip-path: inset(50%);
  }
`;
