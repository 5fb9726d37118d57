import { css, html, type TemplateResult } from 'lit';
import { formatDuration } from './format.js';
import type { Translate } from '../../core/i18n/translate.js';

/** A seek slider's `aria-valuetext`: "1:05 of 3:20". */
export const positionText = (at: number, total: number, t: Translate): string =>
  t('{time} of {total}', { time: formatDuration(at), total: formatDuration(total) });

/** The elapsed and total time: seen as "1:05 / 3:20", heard as "Elapsed 1:05, total 3:20". */
export const elapsedOfTotal = (at: number, total: number, t: Translate): TemplateResult =>
  html`<span class="visually-hidden">${t('Elapsed')} </span>${formatDuration(at)}<span aria-hidden="true"> / </span><span class="visually-hidden">, ${t('total')} </span>${formatDuration(total)}`;

/**
 * Where a track stands: for the engine's current track a seek slider (pointer and keyboard, its
 * `aria-valuetext` "1:05 of 3:20") with the elapsed and total time; for any other track a still
 * bar with its duration, so the layout does not move when it starts. Shared by the track card and
 * the rows of the lists.
 */
export const progress = (
  title: string,
  current: boolean,
  time: number,
  duration: number,
  seek: (seconds: number) => void,
  t: Translate,
): TemplateResult => {
  const total = Math.max(0, duration);
  const at = Math.min(Math.max(0, time), total);
  return html`<div part="progress" class="progress">
    ${current
      ? html`<input part="seek" class="seek" type="range" min="0" max=${total} step="1" .value=${String(at)}
          aria-label=${t('Seek {title}', { title })} aria-valuetext=${positionText(at, total, t)}
          @input=${(e: Event) => seek((e.target as HTMLInputElement).valueAsNumber)} />`
      : html`<span class="seek still" aria-hidden="true"></span>`}
    <span part="time" class="time">${current ? elapsedOfTotal(at, total, t) : html`<span class="visually-hidden">${t('Duration')} </span>${formatDuration(total)}`}</span>
  </div>`;
};

export const progressStyles = css`
  .progress {
    display: flex;
    align-items: center;
    gap: 8px;
    min-width: 0;
    height: 20px;
    color: var(--_muted);
    font-size: 0.8em;
    font-variant-numeric: tabular-nums;
  }
  .seek {
    flex: 1;
    min-width: 24px;
    height: 20px;
    margin: 0;
    accent-color: var(--_accent);
    cursor: pointer;
  }
  .seek.still {
    height: 4px;
    border-radius: 2px;
    background: var(--_border);
    cursor: default;
  }
  .time {
    white-space: nowrap;
  }
  /* The still bar is a fill the forced palette would drop. */
  @media (forced-colors: active) {
    .seek.still {
      forced-color-adjust: none;
      background: GrayText;
    }
  }
  @media (pointer: coarse) {
    /* A 44 px target that takes no more room than the bar. */
    input.seek {
      height: 44px;
      margin-block: -12px;
    }
  }
`;
