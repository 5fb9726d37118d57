import { css, html, type TemplateResult } from 'lit';
import { formatDuration } from './format.js';
import type { Translate } from '../../core/i18n/translate.js';
import { readsRtl } from '../../controllers/language.js';

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
  const rtl = readsRtl(event.target as Element);
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

/** The share of a still bar's width at which a click landed, from the start of the line (its right in RTL). */
const clickedShare = (event: MouseEvent): number => {
  const bar = event.currentTarget as HTMLElement;
  const box = bar.getBoundingClientRect();
  const from = readsRtl(bar) ? box.right - event.clientX : event.clientX - box.left;
  return Math.min(Math.max(0, from / (box.width || 1)), 1);
};

/**
 * Where a track stands: for the engine's current track a seek slider (pointer and keyboard, its
 * `aria-valuetext` in words, see positionText) with the elapsed and total time; for any other track a still
 * bar with its duration, which `start` (when given) plays from where a pointer clicks it. The
 * time keeps the room of "total / total" in both, so the bar keeps its width when the track starts.
 * Shared by the track card and the rows of the lists.
 */
export const progress = (
  title: string,
  current: boolean,
  time: number,
  duration: number,
  seek: (seconds: number) => void,
  t: Translate,
  lang: string,
  start?: (seconds: number) => void,
): TemplateResult => {
  const total = Math.max(0, duration);
  const at = Math.min(Math.max(0, time), total);
  // The keyboard's way to start is the play button: the still bar is a pointer's shortcut.
  const startAt = start && ((event: MouseEvent) => start(Math.floor(clickedShare(event) * total)));
  return html`<div part="progress" class="progress">
    ${current
      ? html`<input part="seek" class="seek" type="range" min="0" max=${total} step="1" .value=${String(at)}
          aria-label=${t('Seek in {title}', { title })} aria-valuetext=${positionText(at, total, t, lang)}
          @keydown=${onSeekKey(total, seek)}
          @input=${(e: Event) => seek((e.target as HTMLInputElement).valueAsNumber)} />`
      : html`<span class="seek still" aria-hidden="true" ?data-start=${!!startAt} @click=${startAt}></span>`}
    <span part="time" class="time" data-room=${`${formatDuration(total)} / ${formatDuration(total)}`}>${current ? elapsedOfTotal(at, total, t) : html`<span class="visually-hidden">${t('Duration')} </span>${formatDuration(total)}`}</span>
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
  /* A 4 px line in a 20 px box: the slider's room, and a pointer's target when it starts the track. */
  .seek.still {
    background: linear-gradient(var(--_border), var(--_border)) center / 100% 4px no-repeat;
    border-radius: 2px;
    cursor: default;
  }
  .seek.still[data-start] {
    cursor: pointer;
  }
  /* The time always holds the room of "total / total" (an unseen first line), so the bar beside it
     keeps one width before, while and after the track plays. */
  /* "0:02 / 2:50" reads left to right in an RTL page too, as clocks do (not "2:50 / 0:02"). */
  .time {
    display: inline-block;
    white-space: nowrap;
    direction: ltr;
    unicode-bidi: isolate;
  }
  /* Its text beside the bar: the row's start side. */
  .progress:dir(rtl) .time {
    text-align: right;
  }
  .time::before {
    content: attr(data-room);
    display: block;
    height: 0;
    overflow: hidden;
    visibility: hidden;
  }
  /* The still bar is a fill the forced palette would drop. */
  @media (forced-colors: active) {
    .seek.still {
      forced-color-adjust: none;
      background: linear-gradient(GrayText, GrayText) center / 100% 4px no-repeat;
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
