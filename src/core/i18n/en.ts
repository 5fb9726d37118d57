/** A string with plural forms, chosen by `Intl.PluralRules` for the `n` it is given. */
export type Plural = { [form in Intl.LDMLPluralRule]?: string } & { other: string };

/**
 * Every string the elements show or announce, in English, the kit's one built-in language. The
 * English string is its own key: an element passes it to `t()` as it is, and a translation maps
 * it to its own words. A string names its values in braces (`{title}`), never joins pieces, so a
 * translation may order them. A string with plural forms is its English singular and plural joined
 * by `|`; a translation gives it the forms its language has. A type only: it costs no bytes.
 */
export type Key =
  // The states every data element shows.
  | 'The service could not be reached.'
  | 'Something went wrong.'
  | 'Retry'
  | 'It may have been removed or made private.'
  // A track: its card, its rows, its time.
  | 'Play'
  | 'Pause'
  | 'Play {title}'
  | 'Pause {title}'
  | '{title} by {artist}'
  | 'Seek {title}'
  | '{time} of {total}'
  | 'Elapsed'
  | 'total'
  | 'Duration'
  | 'Verified'
  | '{n} play|{n} plays'
  | '{n} favorite|{n} favorites'
  | '{n} repost|{n} reposts'
  | 'Remix'
  | 'Downloadable'
  | 'Tags'
  | 'Loading track'
  | 'No track to show.'
  | 'This track is not available.'
  // The audio player.
  | 'Audio player'
  | 'Previous track'
  | 'Next track'
  | 'Seek'
  | 'Mute'
  | 'Volume'
  | 'Nothing playing'
  | 'The track could not be played.'
  // Lists of tracks, users and playlists.
  | 'Tracks'
  | 'Users'
  | 'Playlists'
  | 'Favorites'
  | 'Reposts'
  | 'Album'
  | 'Playlist'
  | 'By {name}'
  | 'Album by {name}'
  | 'Playlist by {name}'
  | '{n} track|{n} tracks'
  // The playlist.
  | 'Loading playlist'
  | 'No playlist to show.'
  | 'This playlist is not available.'
  | 'Tracks of {name}'
  | 'This album has no tracks.'
  | 'This playlist has no tracks.'
  | 'Play all'
  // The trending list.
  | 'Loading trending tracks'
  | 'No trending tracks for this genre'
  | 'Trending tracks are not available.'
  | 'Trending tracks'
  | 'Trending tracks in {genre}'
  | '{list}, {window}'
  | 'This week'
  | 'This month'
  | 'All time'
  | 'Trending window'
  | 'Genre'
  | 'All genres'
  // The user card.
  | 'Loading profile'
  | 'No user to show.'
  | 'This user is not available.'
  | 'Location:'
  | 'Top tags'
  | '{name}: music'
  | '{n} follower|{n} followers'
  | '{n} following'
  | '{n} playlist|{n} playlists'
  | '{n} album|{n} albums'
  | 'Loading tracks'
  | 'Loading favorites'
  | 'Loading reposts'
  | 'No tracks yet.'
  | 'No favorite tracks yet.'
  | 'No reposts yet.'
  | '{what}: pages'
  | 'Previous'
  | 'Next'
  | 'Page {n}'
  // The search.
  | 'Search'
  | 'Search for'
  | 'Search tracks'
  | 'Search users'
  | 'Search playlists'
  | 'Searching'
  | 'Search is not available.'
  | 'No results for “{query}”'
  | '{what} found'
  | '{n} result available.|{n} results available.'
  | 'Only downloadable'
  // App metrics.
  | 'Loading app metrics'
  | 'No requests recorded yet'
  | 'These metrics are not available.'
  | 'Requests by app, {range}'
  | 'the last 7 days'
  | 'the last 30 days'
  | 'all time'
  | 'App'
  | 'Requests'
  | '(no name)'
  // The favourite button.
  | 'Favorite'
  // The login button.
  | 'Continue with Service'
  | 'Waiting for the login window';

/** One language's strings: any of the keys, each a string or plural forms. */
export type Strings = { [key in Key]?: string | Plural };

/** A translation that has every key: what the shipped translations are checked against. */
export type Complete = { [key in Key]: string | Plural };
