-- The reference service's whole schema. Integer keys are internal; the API shows them as Hashids.
-- Counts on users, tracks and playlists are denormalized at seed time (and kept current by the
-- few writes the service makes) so that reads never aggregate.
PRAGMA foreign_keys = ON;

CREATE TABLE IF NOT EXISTS meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS users (
  id              INTEGER PRIMARY KEY,
  handle          TEXT NOT NULL,
  name            TEXT NOT NULL,
  bio             TEXT,
  location        TEXT,
  is_verified     INTEGER NOT NULL DEFAULT 0,
  -- image maps as JSON ({"150x150": url, ...}); a value starting with "/" is relative to the service's base URL
  profile_picture TEXT,
  cover_photo     TEXT,
  created_at      INTEGER NOT NULL,           -- unix seconds
  -- login (issue 4): filled for every user
  email           TEXT,
  password_hash   TEXT,
  wallet          TEXT,                       -- lower-case 0x address
  wallet_key      TEXT,                       -- hex private key (a reference service, not production)
  -- denormalized counts
  album_count     INTEGER NOT NULL DEFAULT 0,
  followee_count  INTEGER NOT NULL DEFAULT 0,
  follower_count  INTEGER NOT NULL DEFAULT 0,
  playlist_count  INTEGER NOT NULL DEFAULT 0,
  repost_count    INTEGER NOT NULL DEFAULT 0,
  track_count     INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX IF NOT EXISTS users_handle ON users (handle COLLATE NOCASE);
CREATE UNIQUE INDEX IF NOT EXISTS users_email ON users (email COLLATE NOCASE);
CREATE UNIQUE INDEX IF NOT EXISTS users_wallet ON users (wallet);

CREATE TABLE IF NOT EXISTS tracks (
  id             INTEGER PRIMARY KEY,
  owner_id       INTEGER NOT NULL REFERENCES users (id),
  title          TEXT NOT NULL,
  slug           TEXT NOT NULL,               -- public URL: /<handle>/<slug>
  duration       INTEGER NOT NULL,            -- seconds
  description    TEXT,
  genre          TEXT,
  mood           TEXT,
  release_date   TEXT,                        -- ISO date, YYYY-MM-DD
  tags           TEXT,                        -- comma-separated, as in the contract
  downloadable   INTEGER,                     -- NULL when unknown
  artwork        TEXT,                        -- JSON image map
  created_at     INTEGER NOT NULL,
  play_count     INTEGER NOT NULL DEFAULT 0,
  repost_count   INTEGER NOT NULL DEFAULT 0,
  favorite_count INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX IF NOT EXISTS tracks_owner_slug ON tracks (owner_id, slug);
CREATE INDEX IF NOT EXISTS tracks_owner_created ON tracks (owner_id, created_at DESC);
CREATE INDEX IF NOT EXISTS tracks_owner_plays ON tracks (owner_id, play_count DESC);

-- remix_of: a track may remix several parents
CREATE TABLE IF NOT EXISTS track_remixes (
  track_id        INTEGER NOT NULL REFERENCES tracks (id),
  parent_track_id INTEGER NOT NULL REFERENCES tracks (id),
  PRIMARY KEY (track_id, parent_track_id)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS playlists (
  id               INTEGER PRIMARY KEY,
  owner_id         INTEGER NOT NULL REFERENCES users (id),
  playlist_name    TEXT NOT NULL,
  slug             TEXT NOT NULL,             -- public URL: /<handle>/playlist/<slug> or /<handle>/album/<slug>
  is_album         INTEGER NOT NULL DEFAULT 0,
  description      TEXT,
  artwork          TEXT,                      -- JSON image map
  created_at       INTEGER NOT NULL,
  repost_count     INTEGER NOT NULL DEFAULT 0,
  favorite_count   INTEGER NOT NULL DEFAULT 0,
  total_play_count INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX IF NOT EXISTS playlists_owner_slug ON playlists (owner_id, is_album, slug);

CREATE TABLE IF NOT EXISTS playlist_tracks (
  playlist_id INTEGER NOT NULL REFERENCES playlists (id),
  position    INTEGER NOT NULL,
  track_id    INTEGER NOT NULL REFERENCES tracks (id),
  PRIMARY KEY (playlist_id, position)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS follows (
  follower_id INTEGER NOT NULL REFERENCES users (id),
  followee_id INTEGER NOT NULL REFERENCES users (id),
  created_at  INTEGER NOT NULL,
  PRIMARY KEY (follower_id, followee_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS follows_followee ON follows (followee_id);

-- saves (favorites) and reposts: item_type is 'track', 'playlist' or 'album'
CREATE TABLE IF NOT EXISTS saves (
  user_id    INTEGER NOT NULL REFERENCES users (id),
  item_type  TEXT NOT NULL CHECK (item_type IN ('track', 'playlist', 'album')),
  item_id    INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, item_type, item_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS saves_item ON saves (item_type, item_id, created_at);

CREATE TABLE IF NOT EXISTS reposts (
  user_id    INTEGER NOT NULL REFERENCES users (id),
  item_type  TEXT NOT NULL CHECK (item_type IN ('track', 'playlist', 'album')),
  item_id    INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, item_type, item_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS reposts_item ON reposts (item_type, item_id, created_at);
CREATE INDEX IF NOT EXISTS reposts_user_time ON reposts (user_id, created_at DESC);

-- one row per play event
CREATE TABLE IF NOT EXISTS plays (
  track_id  INTEGER NOT NULL,
  played_at INTEGER NOT NULL                   -- unix seconds
);
CREATE INDEX IF NOT EXISTS plays_time ON plays (played_at, track_id);

-- precomputed trending: time is 'week', 'month' or 'allTime'; rank 1..100 overall and per genre
CREATE TABLE IF NOT EXISTS trending (
  time     TEXT NOT NULL,
  genre    TEXT NOT NULL,                     -- '' for the overall list
  rank     INTEGER NOT NULL,
  track_id INTEGER NOT NULL,
  score    REAL NOT NULL,
  PRIMARY KEY (time, genre, rank)
) WITHOUT ROWID;

-- requests per app_name per UTC day
CREATE TABLE IF NOT EXISTS app_name_requests (
  app_name TEXT NOT NULL,
  day      INTEGER NOT NULL,                  -- days since the unix epoch
  count    INTEGER NOT NULL,
  PRIMARY KEY (app_name, day)
) WITHOUT ROWID;

-- Search. A full-text table's rowid is a search rank, 1 = the most popular when the index was built
-- (tracks by plays, users by followers, playlists by total plays; then by id), so matches read in
-- rowid order come most popular first and a LIMIT stops the read. The *_search tables map a rank to
-- the resource; downloadable is 1 for a downloadable track, a user or playlist with one.
-- rebuildSearchIndex fills them; meta 'search_index' names this layout's version (see derive.ts).
CREATE TABLE IF NOT EXISTS user_search (rank INTEGER PRIMARY KEY, id INTEGER NOT NULL, downloadable INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS user_search_id ON user_search (id, downloadable);
CREATE TABLE IF NOT EXISTS track_search (rank INTEGER PRIMARY KEY, id INTEGER NOT NULL, downloadable INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS track_search_id ON track_search (id, downloadable);
CREATE TABLE IF NOT EXISTS playlist_search (rank INTEGER PRIMARY KEY, id INTEGER NOT NULL, downloadable INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS playlist_search_id ON playlist_search (id, downloadable);
-- contentless, with prefix indexes so that a short last word reads one list instead of merging many
CREATE VIRTUAL TABLE IF NOT EXISTS users_fts USING fts5 (handle, name, content = '',
  tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3 4 5 6 7 8 9 10 11 12');
CREATE VIRTUAL TABLE IF NOT EXISTS tracks_fts USING fts5 (title, artist, tags, genre, mood, content = '',
  tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3 4 5 6 7 8 9 10 11 12');
CREATE VIRTUAL TABLE IF NOT EXISTS playlists_fts USING fts5 (playlist_name, artist, content = '',
  tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3 4 5 6 7 8 9 10 11 12');
-- Title starts: each title (users: handle, name) as one token, its words joined by '_' (startKey in
-- search-key.ts), so "the title is the query" is one term and "starts with it" one prefix term,
-- both read in rank order.
CREATE VIRTUAL TABLE IF NOT EXISTS users_starts USING fts5 (handle, name, content = '', detail = none,
  tokenize = "unicode61 remove_diacritics 2 tokenchars '_'", prefix = '1 2 3 4 5 6 7 8 9 10 11 12');
CREATE VIRTUAL TABLE IF NOT EXISTS tracks_starts USING fts5 (title, content = '', detail = none,
  tokenize = "unicode61 remove_diacritics 2 tokenchars '_'", prefix = '1 2 3 4 5 6 7 8 9 10 11 12');
CREATE VIRTUAL TABLE IF NOT EXISTS playlists_starts USING fts5 (playlist_name, content = '', detail = none,
  tokenize = "unicode61 remove_diacritics 2 tokenchars '_'", prefix = '1 2 3 4 5 6 7 8 9 10 11 12');

-- developer apps and write grants (issue 4)
CREATE TABLE IF NOT EXISTS apps (
  api_key     TEXT PRIMARY KEY,
  api_secret  TEXT NOT NULL,
  name        TEXT NOT NULL,
  created_at  INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS write_grants (
  api_key    TEXT NOT NULL REFERENCES apps (api_key),
  user_id    INTEGER NOT NULL REFERENCES users (id),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (api_key, user_id)
) WITHOUT ROWID;

-- The code flow (issue 26). Only SHA-256 hashes of codes and tokens are kept.
-- An app's registered redirect URIs; the value 'loopback' stands for any http URL on a loopback host.
CREATE TABLE IF NOT EXISTS app_redirect_uris (
  api_key      TEXT NOT NULL REFERENCES apps (api_key),
  redirect_uri TEXT NOT NULL,
  PRIMARY KEY (api_key, redirect_uri)
) WITHOUT ROWID;

-- One authorization (a consent of the code flow): its codes and tokens belong to it, and end with it.
CREATE TABLE IF NOT EXISTS oauth_grants (
  id         TEXT PRIMARY KEY,                 -- random
  api_key    TEXT NOT NULL REFERENCES apps (api_key),
  user_id    INTEGER NOT NULL REFERENCES users (id),
  scope      TEXT NOT NULL CHECK (scope IN ('read', 'write')),
  created_at INTEGER NOT NULL,                 -- unix ms
  revoked_at INTEGER                           -- unix ms; set: every token of it is dead
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS oauth_grants_user ON oauth_grants (user_id, api_key);

CREATE TABLE IF NOT EXISTS oauth_codes (
  code_hash      TEXT PRIMARY KEY,             -- sha256 hex of the code
  grant_id       TEXT NOT NULL REFERENCES oauth_grants (id),
  redirect_uri   TEXT NOT NULL,
  code_challenge TEXT NOT NULL,                -- S256
  expires_at     INTEGER NOT NULL,             -- unix ms
  used_at        INTEGER                       -- unix ms of the first exchange attempt
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS oauth_tokens (
  token_hash TEXT PRIMARY KEY,                 -- sha256 hex of the token
  grant_id   TEXT NOT NULL REFERENCES oauth_grants (id),
  kind       TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
  expires_at INTEGER NOT NULL,                 -- unix ms
  used_at    INTEGER,                          -- a refresh token's rotation; a second use revokes the grant
  revoked_at INTEGER
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS oauth_tokens_grant ON oauth_tokens (grant_id);
