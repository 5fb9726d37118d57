import { css } from 'lit';

export const trendingListStyles = css`
  .box {
    padding: 8px;
  }
  .controls {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    padding: 4px 4px 10px;
  }
  /* The window buttons wrap whole at 320 px rather than stick out of the box. */
  .windows {
    display: inline-flex;
    flex-wrap: wrap;
    gap: 4px;
  }
  .windows button {
    white-space: nowrap;
    border: 1px solid var(--_border);
    background: var(--_background);
    border-radius: 999px;
    padding: 4px 10px;
  }
  .windows button[aria-pressed='true'] {
    background: var(--_accent);
    border-color: var(--_accent);
    color: var(--_on-accent);
  }
  .genre {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    color: var(--_muted);
  }
  select {
    font: inherit;
    color: var(--_text);
    background: var(--_background);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) - 4px);
    padding: 4px 8px;
  }
`;
