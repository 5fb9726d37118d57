/**
 * How search text is cut into words, for the full-text tables and their queries alike: runs
 * of letters and digits. `startKey` joins them with `_` into the one token the title-start
 * tables index, so "Lo-Fi Dreams" is `Lo_Fi_Dreams` and a query "lo fi" reads `lo_fi*`.
 */
export const searchWords = (text: string): string[] => text.match(/[\p{L}\p{N}]+/gu) ?? [];

export const startKey = (text: string): string => searchWords(text).join('_');
