// A leaf: what an embed can be, named by the pages, their words and the routes alike.

export type EmbedKind = 'track' | 'playlist' | 'user';
export const EMBED_KINDS: readonly EmbedKind[] = ['track', 'playlist', 'user'];
export type EmbedSize = 'card' | 'compact' | 'tiny';
export const EMBED_SIZES: readonly EmbedSize[] = ['card', 'compact', 'tiny'];
export const EMBED_THEMES = ['light', 'dark', 'auto'] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];
