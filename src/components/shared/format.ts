import { safeUrl as httpUrl } from '../../core/config.js';

/** `65` → `1:05`; `3725` → `1:02:05`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** `1234567` → `1.2M`, for counts. */
export function formatCount(n: number): string {
  return new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 }).format(n);
}

/**
 * The URL when it is http(s), else undefined: src/core/config.ts's check, for artwork and links
 * (a function of this module, so every element's graph keeps sharing one chunk with it).
 */
export const safeUrl: typeof httpUrl = httpUrl;
