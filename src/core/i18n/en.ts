/** A string with plural forms, chosen by `Intl.PluralRules` for the `n` it is given. */
export type Plural = { [form in Intl.LDMLPluralRule]?: string } & { other: string };

/**
 * Every string the elements show or announce, in English: the kit's one built-in language. A value
 * names its values in braces (`{title}`), never joins pieces, so a translation may order them.
 */
export const en = {
  // The states every data element shows.
  unreachable: 'The service could not be reached.',
  failed: 'Something went wrong.',
  retry: 'Retry',
  // A track: its card, its rows, its time.
  play: 'Play',
  pause: 'Pause',
  playTrack: 'Play {title}',
  pauseTrack: 'Pause {title}',
  trackBy: '{title} by {artist}',
  seekTrack: 'Seek {title}',
  timeOf: '{time} of {total}',
  elapsed: 'Elapsed',
  total: 'total',
  duration: 'Duration',
  verified: 'Verified',
  playCount: { one: '{count} play', other: '{count} plays' } as Plural,
  favoriteCount: { one: '{count} favorite', other: '{count} favorites' } as Plural,
  repostCount: { one: '{count} repost', other: '{count} reposts' } as Plural,
  remix: 'Remix',
  downloadable: 'Downloadable',
  tags: 'Tags',
  trackLoading: 'Loading track',
  trackEmpty: 'No track to show.',
  trackMissing: 'This track is not available.',
  // The audio player.
  player: 'Audio player',
  previousTrack: 'Previous track',
  nextTrack: 'Next track',
  seek: 'Seek',
  mute: 'Mute',
  volume: 'Volume',
  percent: '{n}%',
  nothingPlaying: 'Nothing playing',
  playFailed: 'The track could not be played.',
  // Lists of tracks, users and playlists.
  tracks: 'Tracks',
  users: 'Users',
  playlists: 'Playlists',
  favorites: 'Favorites',
  reposts: 'Reposts',
  album: 'Album',
  playlist: 'Playlist',
  by: 'By {name}',
  albumBy: 'Album by {name}',
  playlistBy: 'Playlist by {name}',
  trackCount: { one: '{count} track', other: '{count} tracks' } as Plural,
  // The playlist.
  playlistLoading: 'Loading playlist',
  playlistEmpty: 'No playlist to show.',
  playlistMissing: 'This playlist is not available.',
  tracksOf: 'Tracks of {name}',
  albumNoTracks: 'This album has no tracks.',
  playlistNoTracks: 'This playlist has no tracks.',
  playAll: 'Play all',
  // The trending list.
  trendingLoading: 'Loading trending tracks',
  trendingEmpty: 'No trending tracks for this genre',
  trendingMissing: 'Trending tracks are not available.',
  trending: 'Trending tracks',
  trendingIn: 'Trending tracks in {genre}',
  listWindow: '{list}, {window}',
  week: 'This week',
  month: 'This month',
  allTime: 'All time',
  trendingWindow: 'Trending window',
  genre: 'Genre',
  allGenres: 'All genres',
  // The user card.
  profileLoading: 'Loading profile',
  userEmpty: 'No user to show.',
  userMissing: 'This user is not available.',
  location: 'Location:',
  topTags: 'Top tags',
  music: '{name}: music',
  followerCount: { one: '{count} follower', other: '{count} followers' } as Plural,
  followingCount: '{count} following',
  playlistCount: { one: '{count} playlist', other: '{count} playlists' } as Plural,
  albumCount: { one: '{count} album', other: '{count} albums' } as Plural,
  tracksLoading: 'Loading tracks',
  favoritesLoading: 'Loading favorites',
  repostsLoading: 'Loading reposts',
  tracksNone: 'No tracks yet.',
  favoritesNone: 'No favorite tracks yet.',
  repostsNone: 'No reposts yet.',
  pages: '{what}: pages',
  previous: 'Previous',
  next: 'Next',
  page: 'Page {n}',
  // The search.
  search: 'Search',
  searchFor: 'Search for',
  searchTracks: 'Search tracks',
  searchUsers: 'Search users',
  searchPlaylists: 'Search playlists',
  searching: 'Searching',
  searchMissing: 'Search is not available.',
  noResults: 'No results for “{query}”',
  found: '{what} found',
  resultCount: { one: '{n} result available.', other: '{n} results available.' } as Plural,
  onlyDownloadable: 'Only downloadable',
  // App metrics.
  metricsLoading: 'Loading app metrics',
  metricsEmpty: 'No requests recorded yet',
  metricsMissing: 'These metrics are not available.',
  requestsBy: 'Requests by app, {range}',
  last7: 'the last 7 days',
  last30: 'the last 30 days',
  ever: 'all time',
  app: 'App',
  requests: 'Requests',
  noName: '(no name)',
  // The favourite button.
  favorite: 'Favorite',
} as const satisfies Record<string, string | Plural>;

/** The name of one of the elements' strings. */
export type Key = keyof typeof en;

/** One language's strings: any of the keys, each a string or plural forms. */
export type Strings = { [key in Key]?: string | Plural };

/** A translation that has every key: what the shipped translations are checked against. */
export type Complete = { [key in Key]: string | Plural };
