import { css, html, type TemplateResult } from 'lit';
import { formatDuration } from './format.js';
import type { Translate } from '../../core/i18n/translate.js';

/**
 * `65` → "1 minute 5 seconds" in `lang` (`Intl.NumberFormat`'s units, joined by `Intl.ListFormat`,
 * both in every engine the kit supports; `Intl.DurationFormat` is not); "1:05" where they fail.
 */
export function durationWords(seconds: number, lang: string): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const units = [[Math.floor(s / 3600), 'hour'], [Math.floor(s / 60) % 60, 'minute'], [s % 60, 'second']] as const;
  const shown = units.filter(([n], i) => n || (i == 2 && s < 60));
  try {
    const words = shown.map(([n, unit]) => new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'long' }).format(n));
    return new Intl.ListFormat(lang, { type: 'unit', style: 'narrow' }).format(words);
  } catch {
    return formatDuration(s);
  }
}

/** A seek slider's `aria-valuetext`, in words: "1 minute 5 seconds of 3 minutes 20 seconds". */
export const positionText = (at: number, total: number, t: Translate, lang: string): string =>
  t('{time} of {total}', { time: durationWords(at, lang), total: durationWords(total, lang) });

/**
 * Where a seek slider's key moves it, in seconds, or undefined for a key it leaves alone: the
 * arrows 5 seconds (left and right mirrored right to left), Page Up and Down a tenth of the
 * track, Home and End its ends. A native range would step 1 s: a 13-minute track took 832 presses.
 */
export function seekKey(event: KeyboardEvent, at: number, total: number): number | undefined {
  if (event.altKey || event.ctrlKey || event.metaKey) return undefined;
  const rtl = globalThis.getComputedStyle?.(event.target as Element).direction == 'rtl';
  const tenth = Math.max(SEEK_STEP, Math.round(total / 10)); // whole seconds, as the slider stands on them
  const step: Record<string, number> = { ArrowUp: SEEK_STEP, ArrowDown: -SEEK_STEP, ArrowRight: rtl ? -SEEK_STEP : SEEK_STEP, ArrowLeft: rtl ? SEEK_STEP : -SEEK_STEP, PageUp: tenth, PageDown: -tenth };
  const to = event.key == 'Home' ? 0 : event.key == 'End' ? total : step[event.key] === undefined ? undefined : at + step[event.key]!;
  return to === undefined ? undefined : Math.min(Math.max(0, to), total);
}

/** Seconds an arrow key moves a seek slider. */
export const SEEK_STEP = 5;

/** A seek slider's keydown: moves it by `seekKey` from where it stands (its whole second) through `seek`, instead of the browser's 1 s steps. */
export const onSeekKey = (total: number, seek: (seconds: number) => void) => (event: KeyboardEvent) => {
  const to = seekKey(event, (event.currentTarget as HTMLInputElement).valueAsNumber, total);
  if (to === undefined) return;
  event.preventDefault();
  seek(to);
};

/** The elapsed and total time: seen as "1:05 / 3:20", heard as "Elapsed 1:05, total 3:20". */
export const elapsedOfTotal = (at: number, total: number, t: Translate): TemplateResult =>
  html`<span class="visually-hidden">${t('Elapsed')} </span>${formatDuration(at)}<span aria-hidden="true"> / </span><span class="visually-hidden">, ${t('total')} </span>${formatDuration(total)}`;

/**
 * Where a track stands: for the engine's current track a seek slider (pointer and keyboard, its
 * `aria-valuetext` in words, see positionText) with the elapsed and total time; for any other track a still
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
  lang: string,
): TemplateResult => {
  const total = Math.max(0, duration);
  const at = Math.min(Math.max(0, time), total);
  return html`<div part="progress" class="progress">
    ${current
      ? html`<input part="seek" class="seek" type="range" min="0" max=${total} step="1" .value=${String(at)}
          aria-label=${t('Seek in {title}', { title })} aria-valuetext=${positionText(at, total, t, lang)}
          @keydown=${onSeekKey(total, seek)}
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
