import { css } from 'lit';

export const searchStyles = css`
  :host {
    display: block;
    max-width: 520px;
  }
  .field {
    position: relative;
  }
  input[type='search'] {
    width: 100%;
    font: inherit;
    color: var(--_text);
    background: var(--_background);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 10px 12px;
  }
  input[type='search']::placeholder {
    color: var(--_muted);
    opacity: 1;
  }
  .popup {
    position: absolute;
    z-index: 10;
    inset-inline: 0;
    top: calc(100% + 4px);
    background: var(--_background);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    box-shadow: 0 8px 24px rgb(0 0 0 / 0.16);
  }
  [hidden] {
    display: none !important;
  }
  /* The listbox scrolls, not the popup: it is the combobox's popup, reached through the input. */
  .listbox {
    max-height: 360px;
    overflow-y: auto;
    list-style: none;
    margin: 0;
    padding: 4px;
  }
  .option {
    display: grid;
    grid-template-columns: 40px 1fr;
    gap: 10px;
    align-items: center;
    padding: 6px 8px;
    border-radius: calc(var(--_radius) - 4px);
    cursor: pointer;
  }
  .option:hover {
    background: var(--_surface);
  }
  .option[aria-selected='true'],
  .type[aria-pressed='true'] {
    background: var(--_accent);
    color: var(--_on-accent);
  }
  .picture {
    width: 40px;
    height: 40px;
    border-radius: calc(var(--_radius) - 6px);
    object-fit: cover;
    background: var(--_surface);
    display: block;
  }
  :host([type='users']) .picture {
    border-radius: 50%;
  }
  .text {
    display: flex;
    flex-direction: column;
    min-width: 0;
  }
  .title,
  .subtitle {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .title {
    font-weight: 600;
  }
  .subtitle {
    font-size: 0.85em;
    color: var(--_muted);
  }
  .option[aria-selected='true'] .subtitle {
    color: inherit;
  }
  .filters {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 16px;
    margin-top: 8px;
  }
  .types {
    display: inline-flex;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    overflow: hidden;
  }
  .type {
    border: none;
    background: var(--_surface);
    padding: 4px 12px;
  }
  .type + .type {
    border-inline-start: 1px solid var(--_border);
  }
  .downloadable {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    color: var(--_muted);
  }
  input {
    accent-color: var(--_accent);
  }
`;
