import { html, type TemplateResult } from 'lit';
import type { Translate } from '../../core/i18n/translate.js';

/** A 24 × 24 icon of one or two paths (the second in white), decorative unless it has a label. */
const icon = (d: string, label?: string, white?: string): TemplateResult =>
  label
    ? html`<svg viewBox="0 0 24 24" width="1em" height="1em" role="img" aria-label=${label} fill="currentColor"><path d=${d}></path><path fill="#fff" d=${white}></path></svg>`
    : html`<svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" fill="currentColor"><path d=${d}></path></svg>`;

export const playIcon = () => icon('M8 5v14l11-7z');
/** The placeholders' glyphs: a note for a track or a playlist without artwork, a head for a user without a picture. */
export const noteIcon = () => icon('M12 3v10.55A4 4 0 1 0 14 17V7h4V3z');
/** The not-available state's mark: a circle struck through. */
export const unavailableIcon = () => icon('M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 0 1 6.3 12.9L7.1 5.7A8 8 0 0 1 12 4zM4 12a8 8 0 0 1 1.7-4.9l11.2 11.2A8 8 0 0 1 4 12z');
export const personIcon = () => icon('M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm0 2c-3.3 0-8 1.7-8 5v1h16v-1c0-3.3-4.7-5-8-5z');
export const pauseIcon = () => icon('M6 5h4v14H6zm8 0h4v14h-4z');
export const nextIcon = () => icon('M6 6l8.5 6L6 18zm10 0h2v12h-2z');
export const previousIcon = () => icon('M18 6l-8.5 6 8.5 6zM6 6h2v12H6z');
export const volumeIcon = () => icon('M4 9v6h4l5 5V4L8 9zm12.5 3a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4z');
export const mutedIcon = () => icon('M4 9v6h4l5 5V4L8 9zm10 .5 1.5-1.5 2.5 2.5 2.5-2.5 1.5 1.5-2.5 2.5 2.5 2.5-1.5 1.5-2.5-2.5-2.5 2.5-1.5-1.5 2.5-2.5z');
/** The verified mark, named in the element's language. */
export const verifiedIcon = (t: Translate) =>
  icon(
    'M12 1l3 3h5v5l3 3-3 3v5h-5l-3 3-3-3H4v-5l-3-3 3-3V4h5z',
    t('Verified'),
    'M10.5 16 7 12.5l1.5-1.5 2 2 5-5 1.5 1.5z',
  );
export const heartIcon = () => icon('M12 21 3.5 12.5A5 5 0 0 1 12 6a5 5 0 0 1 8.5 6.5z');
export const repostIcon = () => icon('M7 7h10v3l4-4-4-4v3H5v6h2zm10 10H7v-3l-4 4 4 4v-3h12v-6h-2z');
export const playsIcon = () => icon('M3 12h3v8H3zm5-4h3v12H8zm5-5h3v17h-3zm5 8h3v9h-3z');
export const downloadIcon = () => icon('M11 3h2v9l3.5-3.5 1.4 1.4L12 15.8 6.1 9.9l1.4-1.4L11 12zM4 18h16v2H4z');
/** Share: an arrow up out of a tray, as the systems' share sheets draw it. */
export const shareIcon = () => icon('M12 2 6.5 7.5H11V15h2V7.5h4.5zM5 10h3v2H7v8h10v-8h-1v-2h3v12H5z');
