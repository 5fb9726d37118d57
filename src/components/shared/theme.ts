import { css } from 'lit';

/**
 * The shared look: every colour, the radius and the font come from `--service-*` custom
 * properties with fallbacks, in a light and a dark set. Light unless the element says
 * `theme="dark"`, or `theme="auto"` and the reader's system prefers dark: an element takes its
 * colours from the page it is on, never from the reader's system on its own.
 */
export const theme = css`
  :host {
    --_accent: var(--service-accent, #6a14b8);
    --_on-accent: var(--service-on-accent, #ffffff);
    --_text: var(--service-text, #17171c);
    --_muted: var(--service-muted, #55555f);
    --_background: var(--service-background, #ffffff);
    --_surface: var(--service-surface, #f1f0f5);
    --_border: var(--service-border, #d9d7e0);
    --_radius: var(--service-radius, 10px);
    --_font: var(--service-font, system-ui, sans-serif);
    /* One width for every block element, so a stack of them lines up. */
    --_max-width: var(--service-max-width, 640px);
    font-family: var(--_font);
    text-align: start;
    color: var(--_text);
    box-sizing: border-box;
  }
  :host([theme='dark']) {
    --_accent: var(--service-accent, #c58cff);
    --_on-accent: var(--service-on-accent, #17101f);
    --_text: var(--service-text, #f2f1f6);
    --_muted: var(--service-muted, #b4b2bf);
    --_background: var(--service-background, #17171c);
    --_surface: var(--service-surface, #25242c);
    --_border: var(--service-border, #3b3a45);
  }
  @media (prefers-color-scheme: dark) {
    :host([theme='auto']) {
      --_accent: var(--service-accent, #c58cff);
      --_on-accent: var(--service-on-accent, #17101f);
      --_text: var(--service-text, #f2f1f6);
      --_muted: var(--service-muted, #b4b2bf);
      --_background: var(--service-background, #17171c);
      --_surface: var(--service-surface, #25242c);
      --_border: var(--service-border, #3b3a45);
    }
  }
  :host([hidden]) {
    display: none;
  }
  /* Data text in its own direction (dir=auto) still lines up with the row's start, beside its
     artwork (text-align: match-parent, which Chromium lacks, spelled out). */
  :dir(rtl) > [dir='auto']:dir(ltr) {
    text-align: right;
    justify-content: flex-end;
  }
  :dir(ltr) > [dir='auto']:dir(rtl) {
    text-align: left;
    justify-content: flex-end;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  button {
    font: inherit;
    color: inherit;
    cursor: pointer;
  }
  /* A finger's target: 44 × 44 px at least (WCAG 2.5.5). */
  @media (pointer: coarse) {
    button,
    select {
      min-width: 44px;
      min-height: 44px;
    }
  }
  :is(button, a, input, select):focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  span.placeholder {
    display: grid;
    place-items: center;
    color: var(--_muted);
    background: var(--_surface);
  }
  .placeholder svg {
    width: 45%;
    height: 45%;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  .skeleton {
    height: 14px;
    margin: 8px 0;
    background: linear-gradient(90deg, var(--_surface) 25%, var(--_border) 50%, var(--_surface) 75%);
    background-size: 200% 100%;
    animation: shimmer 1.2s infinite linear;
    border-radius: var(--_radius);
  }
  /* Reduced motion stops every transition and animation of every element (the shimmer, Play's press). */
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      transition: none !important;
      animation: none !important;
    }
  }
  @media (forced-colors: active) {
    /* Every button keeps an edge, filled ones too: the forced palette drops their fill. */
    :host button {
      border: 1px solid ButtonText;
    }
    /* Pressed, selected and current show the system's highlight, not a fill the palette would flatten. */
    [aria-pressed='true'],
    [aria-selected='true'] {
      forced-color-adjust: none;
      background: Highlight !important;
      border-color: Highlight !important;
      color: HighlightText !important;
    }
    .skeleton {
      background: GrayText;
    }
  }
  @keyframes shimmer {
    to {
      background-position: -200% 0;
    }
  }
  .state {
    padding: 12px;
    color: var(--_muted);
  }
  /* Not available: a mark, the sentence as its title and a line, centred in the element's box. */
  .state:has(> .state-line) {
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: 4px;
    text-align: center;
  }
  .state:has(> .state-line) > svg {
    width: 28px;
    height: 28px;
    margin-bottom: 4px;
  }
  .state:has(> .state-line) > span:not(.state-line) {
    color: var(--_text);
    font-weight: 600;
  }
  .state-line {
    font-size: 0.875em;
  }
  .retry {
    margin-inline-start: 8px;
    border: 1px solid var(--_border);
    background: var(--_surface);
    border-radius: var(--_radius);
    padding: 4px 10px;
  }
`;
