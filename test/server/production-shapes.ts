/**
 * Production's response models, written from ../shared/production-shapes.md (the model
 * declarations of the production client library, @audius/sdk 14.1.0), and a check of an answer
 * against them that reports what a production client would miss. Not the production client
 * itself: that library does not install quickly here, so its rules are restated: a required field
 * is read without a presence check (an absent required list makes it throw), optional fields may
 * be missing or null, unknown fields are ignored.
 */

/** A type as the shapes document writes it: a primitive, `Date`, `Array<T>`, `T | null` or a model's name. */
type FieldType = string;
interface Model {
  required: Record<string, FieldType>;
  optional: Record<string, FieldType>;
}

export const MODELS: Record<string, Model> = {
  Track: {
    required: {
      artwork: 'TrackArtwork', genre: 'string', id: 'string', is_original_available: 'boolean', remix_of: 'RemixParent',
      repost_count: 'number', favorite_count: 'number', comment_count: 'number', title: 'string', user: 'User', duration:
      'number', is_downloadable: 'boolean', play_count: 'number', permalink: 'string', access: 'Access', blocknumber:
      'number', cover_art_sizes: 'string', created_at: 'string', field_visibility: 'FieldVisibility', followee_reposts:
      'Array<Repost>', has_current_user_reposted: 'boolean', is_scheduled_release: 'boolean', is_unlisted: 'boolean',
      has_current_user_saved: 'boolean', followee_favorites: 'Array<Favorite>', route_id: 'string', track_segments:
      'Array<TrackSegment>', updated_at: 'string', user_id: 'string', is_delete: 'boolean', is_available: 'boolean',
      is_stream_gated: 'boolean', is_download_gated: 'boolean', is_owned_by_user: 'boolean', stream: 'UrlWithMirrors',
      download: 'UrlWithMirrors', preview: 'UrlWithMirrors',
    },
    optional: {
      description: 'string', track_cid: 'string', preview_cid: 'string', orig_file_cid: 'string', orig_filename: 'string',
      mood: 'string', release_date: 'Date', tags: 'string', is_streamable: 'boolean', ddex_app: 'string',
      playlists_containing_track: 'Array<number>', pinned_comment_id: 'number', album_backlink: 'AlbumBacklink',
      create_date: 'string', cover_art_cids: 'CoverArt', credits_splits: 'string', isrc: 'string', license: 'string',
      iswc: 'string', stem_of: 'StemParent', cover_art: 'string', ai_attribution_user_id: 'number', allowed_api_keys:
      'Array<string>', audio_upload_id: 'string', preview_start_seconds: 'number', bpm: 'number', is_custom_bpm:
      'boolean', musical_key: 'string', is_custom_musical_key: 'boolean', audio_analysis_error_count: 'number',
      comments_disabled: 'boolean', ddex_release_ids: 'object', artists: 'Array<object>', resource_contributors:
      'Array<DdexResourceContributor> | null', indirect_resource_contributors: 'Array<DdexResourceContributor> | null',
      rights_controller: 'DdexRightsController', copyright_line: 'DdexCopyright | null', producer_copyright_line:
      'DdexCopyright | null', parental_warning_type: 'string | null', access_authorities: 'Array<string> | null',
      stream_conditions: 'AccessGate', download_conditions: 'AccessGate', cover_original_song_title: 'string',
      cover_original_artist: 'string',
    },
  },
  User: {
    required: {
      album_count: 'number', artist_coin_badge: 'UserArtistCoinBadge', followee_count: 'number', follower_count: 'number',
      handle: 'string', id: 'string', is_verified: 'boolean', verified_with_twitter: 'boolean', verified_with_instagram:
      'boolean', verified_with_tiktok: 'boolean', name: 'string', playlist_count: 'number', repost_count: 'number',
      track_count: 'number', is_deactivated: 'boolean', is_available: 'boolean', erc_wallet: 'string', spl_wallet:
      'string', spl_usdc_wallet: 'string', supporter_count: 'number', supporting_count: 'number', total_audio_balance:
      'number', wallet: 'string', balance: 'string', associated_wallets_balance: 'string', total_balance: 'string',
      waudio_balance: 'string', associated_sol_wallets_balance: 'string', blocknumber: 'number', created_at: 'string',
      is_storage_v2: 'boolean', current_user_followee_follow_count: 'number', does_current_user_follow: 'boolean',
      does_current_user_subscribe: 'boolean', does_follow_current_user: 'boolean', handle_lc: 'string', updated_at:
      'string', has_collectibles: 'boolean', allow_ai_attribution: 'boolean',
    },
    optional: {
      artist_pick_track_id: 'string', coin_flair_mint: 'string', bio: 'string', cover_photo: 'CoverPhoto', twitter_handle:
      'string', instagram_handle: 'string', tiktok_handle: 'string', website: 'string', donation: 'string', location:
      'string', profile_picture: 'ProfilePicture', spl_usdc_payout_wallet: 'string', creator_node_endpoint: 'string',
      cover_photo_sizes: 'string', cover_photo_cids: 'CoverPhoto', cover_photo_legacy: 'string', profile_picture_sizes:
      'string', profile_picture_cids: 'ProfilePicture', profile_picture_legacy: 'string', playlist_library:
      'PlaylistLibrary', profile_type: 'string',
    },
  },
  Playlist: {
    required: {
      permalink: 'string', id: 'string', is_album: 'boolean', is_image_autogenerated: 'boolean', playlist_name: 'string',
      playlist_contents: 'Array<PlaylistAddedTimestamp>', repost_count: 'number', favorite_count: 'number',
      total_play_count: 'number', user: 'User', access: 'Access', track_count: 'number', blocknumber: 'number',
      created_at: 'string', followee_reposts: 'Array<Repost>', followee_favorites: 'Array<Favorite>',
      has_current_user_reposted: 'boolean', has_current_user_saved: 'boolean', is_delete: 'boolean', is_private:
      'boolean', updated_at: 'string', added_timestamps: 'Array<PlaylistAddedTimestamp>', user_id: 'string',
      is_stream_gated: 'boolean', is_scheduled_release: 'boolean',
    },
    optional: {
      artwork: 'PlaylistArtwork', description: 'string', ddex_app: 'string', upc: 'string', tracks: 'Array<Track>',
      cover_art: 'string', cover_art_sizes: 'string', cover_art_cids: 'PlaylistArtwork', stream_conditions: 'AccessGate',
      release_date: 'Date', ddex_release_ids: 'object', artists: 'Array<object>', copyright_line: 'object',
      producer_copyright_line: 'object', parental_warning_type: 'string | null',
    },
  },
  Favorite: {
    required: {
      favorite_item_id: 'string', favorite_type: 'string', user_id: 'string', created_at: 'string',
    },
    optional: {},
  },
  Activity: {
    required: {
      timestamp: 'string', item_type: 'ActivityItemTypeEnum', item: 'object', class: 'string',
    },
    optional: {},
  },
  Repost: { required: { repost_item_id: 'string', repost_type: 'string', user_id: 'string' }, optional: {} },
  RemixParent: { required: {}, optional: { tracks: 'Array<Remix>' } },
  Remix: {
    required: {
      parent_track_id: 'string', user: 'User', has_remix_author_reposted: 'boolean', has_remix_author_saved: 'boolean',
    },
    optional: {},
  },
  Access: { required: { stream: 'boolean', download: 'boolean' }, optional: {} },
  UrlWithMirrors: { required: { mirrors: 'Array<string>' }, optional: { url: 'string' } },
  TrackArtwork: {
    required: {},
    optional: {
      '150x150': 'string', '480x480': 'string', '1000x1000': 'string', mirrors: 'Array<string>',
    },
  },
  ProfilePicture: {
    required: {},
    optional: {
      '150x150': 'string', '480x480': 'string', '1000x1000': 'string', mirrors: 'Array<string>',
    },
  },
  CoverPhoto: { required: {}, optional: { '640x': 'string', '2000x': 'string', mirrors: 'Array<string>' } },
  PlaylistArtwork: {
    required: {},
    optional: {
      '150x150': 'string', '480x480': 'string', '1000x1000': 'string', mirrors: 'Array<string>',
    },
  },
  PlaylistAddedTimestamp: { required: { timestamp: 'number', track_id: 'string' }, optional: { metadata_timestamp: 'number' } },
  TrackSegment: { required: { duration: 'number', multihash: 'string' }, optional: {} },
  FieldVisibility: {
    required: {
      mood: 'boolean', tags: 'boolean', genre: 'boolean', share: 'boolean', play_count: 'boolean', remixes: 'boolean',
    },
    optional: {},
  },
  UserArtistCoinBadge: {
    required: {},
    optional: {
      mint: 'string', logo_uri: 'string', banner_image_url: 'string', ticker: 'string',
    },
  },
  DecodedUserToken: {
    required: {
      apiKey: 'string', userId: 'string', email: 'string', name: 'string', handle: 'string', verified: 'boolean', sub:
      'string', iat: 'string',
    },
    optional: {
      profile_picture: 'ProfilePicture',
    },
  },
  AlbumBacklink: { required: { playlist_id: 'number', playlist_name: 'string', permalink: 'string' }, optional: {} },
  CoverArt: {
    required: {},
    optional: {
      '150x150': 'string', '480x480': 'string', '1000x1000': 'string', mirrors: 'Array<string>',
    },
  },
  StemParent: { required: { category: 'string', parent_track_id: 'number' }, optional: {} },
  DdexResourceContributor: { required: { name: 'string', roles: 'Array<string>' }, optional: { sequence_number: 'number' } },
  DdexRightsController: { required: { name: 'string', roles: 'Array<string>' }, optional: { rights_share_unknown: 'string' } },
  DdexCopyright: { required: { year: 'string', text: 'string' }, optional: {} },
  PlaylistLibrary: { required: {}, optional: { contents: 'Array<object>' } },
  // From production-oauth.md (@audius/sdk 16.0.0): the app behind an API key, and a write's answer.
  DeveloperApp: {
    required: { address: 'string', user_id: 'string', name: 'string' },
    optional: { description: 'string', image_url: 'string', redirect_uris: 'Array<string>' },
  },
  WriteResponse: { required: {}, optional: { transaction_hash: 'string', block_hash: 'string', block_number: 'number' } },
};

/** Enums of the shapes document; an object type the document does not detail is any object. */
const ENUMS: Record<string, readonly string[]> = { ActivityItemTypeEnum: ['track', 'playlist'] };
const ANY_OBJECT = new Set(['object', 'AccessGate']);

/** What a check found: required fields absent, and fields present with the wrong type. */
export interface Findings {
  missing: string[];
  mistyped: string[];
}

export const noFindings = (): Findings => ({ missing: [], mistyped: [] });

/** Checks `value` against a field type; `path` names it in the findings. */
export function checkType(value: unknown, type: FieldType, path: string, found: Findings): void {
  const alternatives = type.split(' | ');
  if (value === null) {
    if (!alternatives.includes('null')) found.mistyped.push(`${path}: null, not ${type}`);
    return;
  }
  const base = alternatives.find((t) => t !== 'null')!;
  const array = /^Array<(.+)>$/.exec(base);
  const wrong = (what: string) => void found.mistyped.push(`${path}: ${what}, not ${type}`);
  const kind = Array.isArray(value) ? 'array' : typeof value;
  if (array) {
    if (!Array.isArray(value)) return wrong(kind);
    value.forEach((item, i) => checkType(item, array[1]!, `${path}[${i}]`, found));
  } else if (base === 'string' || base === 'number' || base === 'boolean') {
    if (kind !== base) wrong(kind);
  } else if (base === 'Date') {
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) wrong(JSON.stringify(value));
  } else if (ENUMS[base]) {
    if (!ENUMS[base].includes(value as string)) wrong(JSON.stringify(value));
  } else if (ANY_OBJECT.has(base) || MODELS[base]) {
    if (kind !== 'object') return wrong(kind);
    if (MODELS[base]) checkModel(value, base, path, found);
  } else {
    throw new Error(`unknown type ${type} at ${path}`);
  }
}

/** Checks an object against one of MODELS: every required field present (null counts as present) and typed. */
export function checkModel(value: unknown, model: string, path: string, found: Findings): void {
  const shape = MODELS[model]!;
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    found.mistyped.push(`${path}: not a ${model} object`);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const [key, type] of Object.entries(shape.required)) {
    if (record[key] === undefined) found.missing.push(`${path}.${key}`);
    else checkType(record[key], type, `${path}.${key}`, found);
  }
  for (const [key, type] of Object.entries(shape.optional)) {
    if (record[key] !== undefined && record[key] !== null) checkType(record[key], type, `${path}.${key}`, found);
  }
}

/** Every field name of a model, required or optional: what the contract's checks accept as additive. */
export function modelFields(model: string): Set<string> {
  const shape = MODELS[model]!;
  return new Set([...Object.keys(shape.required), ...Object.keys(shape.optional)]);
}
