/**
 * The catalog of part 6: every text field holds markup or script that would call
 * `__hit(<field>)` if it ever ran (names, bios, locations, titles, descriptions, genres, moods,
 * tags, playlist names; handles may only be letters, digits and `_`; image paths carry
 * markup too). Also the image URLs the loader must refuse.
 */

/** Payloads; `F` is replaced by the field's label. */
const PAYLOADS = [
  '<img src=x onerror=__hit("F")>',
  '<script>__hit("F")</script>',
  '"><svg onload=__hit("F")>',
  `'><iframe srcdoc="<script>parent.__hit('F')</script>">`,
  `<a href="javascript:__hit('F')" id="xss-F">link</a>`,
  '</title></style></textarea><img src=x onerror=__hit("F")>',
  `{{constructor.constructor('__hit("F")')()}} \${__hit("F")}`,
  '<math><mtext><table><mglyph><style><img src=x onerror=__hit("F")>',
  '<details open ontoggle=__hit("F")>x</details>',
  'javascript:__hit("F")',
  '<input autofocus onfocus=__hit("F")>',
  '<body onload=__hit("F")>',
];

let next = 0;
/** A payload for the field `label`, e.g. `t1.title`. Tags hold no commas, so they stay whole. */
export function payload(label: string): string {
  const text = `${label}: ${PAYLOADS[next++ % PAYLOADS.length]!.replaceAll('F', label)}`;
  return text;
}

/** Image paths on the service (never another host): markup in the path, as the API serves it. */
const image = (label: string) => `/images/${label}"><img/src=x/onerror=__hit("${label}")>.jpg`;

export interface MarkupCatalog {
  catalog: Record<string, unknown>;
  /** Every text payload, by field label. */
  texts: Map<string, string>;
}

export function markupCatalog(): MarkupCatalog {
  next = 0;
  const texts = new Map<string, string>();
  const t = (label: string) => {
    const value = payload(label);
    texts.set(label, value);
    return value;
  };
  const tags = (label: string) => {
    const list = [0, 1, 2].map((i) => payload(`${label}${i}`).replaceAll(',', ' '));
    list.forEach((tag, i) => texts.set(`${label}${i}`, tag));
    return list.join(',');
  };
  const users = ['u1', 'u2', 'u3'].map((id, i) => ({
    id,
    handle: `xss_user_${i + 1}`,
    name: t(`${id}.name`),
    bio: t(`${id}.bio`),
    location: t(`${id}.location`),
    is_verified: i === 0,
    profile_picture: { '150x150': image(`${id}.picture150`), '480x480': image(`${id}.picture480`) },
    cover_photo: { '640x': image(`${id}.cover`), '2000x': image(`${id}.cover2000`) },
  }));
  const tracks = ['t1', 't2', 't3', 't4'].map((id, i) => ({
    id,
    title: t(`${id}.title`),
    user_id: users[i % 3]!.id,
    duration: 20 + i,
    description: t(`${id}.description`),
    genre: t(`${id}.genre`),
    mood: t(`${id}.mood`),
    tags: tags(`${id}.tag`),
    downloadable: i % 2 === 0,
    artwork: { '150x150': image(`${id}.art150`), '480x480': image(`${id}.art480`) },
    ...(i === 3 ? { remix_of: { tracks: [{ parent_track_id: 't1' }] } } : {}),
  }));
  const playlists = [
    { id: 'p1', playlist_name: t('p1.name'), user_id: 'u1', track_ids: ['t1', 't2', 't3'], description: t('p1.description'), artwork: { '480x480': image('p1.art') } },
    { id: 'p2', playlist_name: t('p2.name'), user_id: 'u2', is_album: true, track_ids: ['t4', 't2'], description: t('p2.description') },
  ];
  const catalog = {
    version: 1,
    description: t('catalog.description'),
    users,
    tracks,
    playlists,
    follows: [
      { follower_id: 'u2', followee_id: 'u1' }, { follower_id: 'u3', followee_id: 'u1' }, { follower_id: 'u1', followee_id: 'u2' },
    ],
    favorites: [
      { user_id: 'u1', favorite_item_id: 't2', favorite_type: 'SaveType.track' }, { user_id: 'u1', favorite_item_id: 't3', favorite_type: 'SaveType.track' },
      { user_id: 'u2', favorite_item_id: 'p1', favorite_type: 'SaveType.playlist' },
    ],
    reposts: [
      { user_id: 'u1', item_id: 't4', item_type: 'track' }, { user_id: 'u1', item_id: 'p2', item_type: 'album' },
      { user_id: 'u1', item_id: 'p1', item_type: 'playlist' },
    ],
    plays: tracks.map((track, i) => ({ track_id: track.id, count: 10 + i })),
  };
  return { catalog, texts };
}

/** Image URLs the loader must refuse, each put in one user's picture in turn. */
export const REFUSED_IMAGE_URLS = [
  'javascript:__hit("img")', 'JavaScript:__hit("img")', ' javascript:__hit("img")', 'java\tscript:__hit("img")', 'javascript://%0a__hit("img")',
  'data:image/svg+xml,<svg onload=__hit("img")>', 'vbscript:msgbox(1)', '//127.0.0.1:1/x.jpg', 'file:///etc/passwd', 'blob:http://127.0.0.1/x',
  '/images/ x.jpg', '\\\\127.0.0.1\\x.jpg',
];
