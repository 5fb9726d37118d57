import type { Translate } from '../../core/i18n/translate.js';
import { html, type TemplateResult } from 'lit';
import type { Client, Playlist, Track, User } from '../../core/index.js';
import { safeUrl } from '../shared/format.js';
import { picture } from '../shared/states.js';
import { personIcon } from '../shared/icons.js';

/** What `<service-search>` searches: its `type` attribute. */
export type SearchType = 'tracks' | 'users' | 'playlists';

/** The kind of one result, as `service-select` names it. */
export type SearchKind = 'track' | 'user' | 'playlist';

/** Detail of `service-select`: the chosen resource and its kind. */
export type SearchSelectDetail =
  | { kind: 'track'; item: Track }
  | { kind: 'user'; item: User }
  | { kind: 'playlist'; item: Playlist };

/** One finished search: the text asked for, the kind asked for, and what came back. */
export type SearchResults =
  | { query: string; kind: 'track'; items: Track[] }
  | { query: string; kind: 'user'; items: User[] }
  | { query: string; kind: 'playlist'; items: Playlist[] };

/** The type selector's choices, in order, with each one's label and placeholder (their English, the keys of their translations) and the client operation it runs. */
export const SEARCH_TYPES = [
  { type: 'tracks', kind: 'track', label: 'Tracks', placeholder: 'Search tracks', op: 'searchTracks' },
  { type: 'users', kind: 'user', label: 'Users', placeholder: 'Search users', op: 'searchUsers' },
  { type: 'playlists', kind: 'playlist', label: 'Playlists', placeholder: 'Search playlists', op: 'searchPlaylists' },
] as const;

/** One of the type selector's choices. */
export type SearchChoice = (typeof SEARCH_TYPES)[number];

/** Runs one search through the client; the signal cancels it when a newer query comes. */
export async function runSearch(
  client: Client,
  query: string,
  { kind, op }: SearchChoice,
  options: { onlyDownloadable?: boolean; limit: number; signal: AbortSignal },
): Promise<SearchResults> {
  return { query, kind, items: await client[op](query, options) } as SearchResults;
}

/** The pieces an option shows: picture, main line, second line. */
export function describe(results: SearchResults, index: number, t: Translate): { image?: string; title: string; subtitle: string } {
  if (results.kind === 'user') {
    const user = results.items[index]!;
    return { image: safeUrl(user.profile_picture?.['150x150']), title: user.name, subtitle: `@${user.handle}` };
  }
  if (results.kind === 'playlist') {
    const list = results.items[index]!;
    return { image: safeUrl(list.artwork?.['150x150']), title: list.playlist_name, subtitle: t(list.is_album ? 'Album by {name}' : 'Playlist by {name}', { name: list.user.name }) };
  }
  const track = results.items[index]!;
  return { image: safeUrl(track.artwork?.['150x150']), title: track.title, subtitle: track.user.name };
}

/** The `service-select` detail for one result. */
export function selection(results: SearchResults, index: number): SearchSelectDetail {
  // The union narrows per kind; TypeScript cannot pair kind and item through an index on its own.
  return { kind: results.kind, item: results.items[index] } as SearchSelectDetail;
}

/** One `role=option` row; every string from the API goes in through a text binding. */
export function renderOption(results: SearchResults, index: number, active: boolean, onPick: () => void, t: Translate): TemplateResult {
  const { image, title, subtitle } = describe(results, index, t);
  return html`
    <li
      id=${`option-${index}`}
      part=${active ? 'option option-active' : 'option'}
      class="option"
      role="option"
      aria-selected=${active ? 'true' : 'false'}
      @click=${onPick}
    >
      ${picture('picture', image, results.kind === 'user' ? personIcon() : undefined)}
      <span class="text">
        <span part="option-title" class="title" dir="auto">${title}</span>
        <span part="option-subtitle" class="subtitle" dir="auto">${subtitle}</span>
      </span>
    </li>
  `;
}
