/**
 * Production's answers in the shapes the kit reads (docs/guide.md, "Production compatibility"),
 * done once, in place, as each answer arrives: `is_downloadable` as `downloadable`, a string
 * `item_type` as `{ kind }` (`album` for an album), and `link`, the public page of a `permalink`
 * that is a site path, made absolute on `site` (the host that answered). Unknown fields stay,
 * unread; a `null` optional field reads as absent everywhere in the kit.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const normalize = (value: any, site: string): any => {
  if (value && typeof value == 'object') {
    for (const key in value) normalize(value[key], site);
    if ('is_downloadable' in value) value.downloadable ??= value.is_downloadable;
    if (typeof value.item_type == 'string') value.item_type = { kind: value.item?.is_album ? 'album' : value.item_type };
    // A path, never `//host` or a scheme: no answer can make the kit link to script.
    if (site && /^\/[^/\\]/.test(value.permalink)) value.link = new URL(value.permalink, site).href;
  }
  return value;
};
