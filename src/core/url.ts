/**
 * The URL when it is http(s), else undefined: the one check for every URL the kit opens,
 * fetches or puts into `src` or `href`, from a setting or an API answer, so none can be a
 * `javascript:` (or any other scheme's) URL.
 */
export const safeUrl = (url?: string | null): string | undefined => (/^https?:\/\//i.test(url!) ? url! : undefined);
