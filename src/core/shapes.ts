/**
 * Production's answers in the shapes the kit reads (docs/guide.md, "Production compatibility"),
 * done once, in place, as each answer arrives: `is_downloadable` as `downloadable`, a string
 * `item_type` as `{ kind }` (`album` for an album), and `link`, the public page of a `permalink`
 * that is a site path, made absolute on `site` (the host that answered). Unknown fields stay,
 * unread; a `null` optional field reads as absent everywhere in the kit.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const normalize = (d: any, site: string): any => {
  if (d && typeof d == 'object') {
    for (const k in d) normalize(d[k], site);
    if ('is_downloadable' in d) d.downloadable ??= d.is_downloadable;
    if (typeof d.item_type == 'string') d.item_type = { kind: d.item?.is_album ? 'album' : d.item_type };
    // A path, never `//host` or a scheme: no answer can make the kit link to script.
    if (site && /^\/[^/\\]/.test(d.permalink)) d.link = new URL(d.permalink, site).href;
  }
  return d;
};
