import { html, nothing, type PropertyValues, type PropertyDeclarations } from 'lit';
import { ServiceElement } from '../shared/service-element.js';
import { DataTask, TaskStatus } from '../../controllers/data-task.js';
import { taskView } from '../shared/states.js';
import { theme } from '../shared/theme.js';
import { countSetting } from '../shared/format.js';
import { searchStyles } from './search.styles.js';
import { define } from '../shared/configured-element.js';
import {
  SEARCH_TYPES, renderOption, runSearch, selection,
  type SearchChoice, type SearchResults, type SearchSelectDetail, type SearchType,
} from './search-results.js';

export type { SearchKind, SearchResults, SearchSelectDetail, SearchType } from './search-results.js';

/** The service's longest search text; longer input is cut rather than answered with a 400. */
const MAX_QUERY = 200;

/**
 * A search box over tracks, users and playlists, following the WAI-ARIA combobox pattern:
 * typing searches after a pause (each new search cancels the one before), ArrowDown and
 * ArrowUp move through the results, Enter picks one, Escape closes the list, and a live
 * region announces how many results came back.
 *
 * @summary A search box with a keyboard-navigable result list.
 * @fires service-select - A result was picked. Detail: `{ kind: 'track' | 'user' | 'playlist', item }`.
 * @fires service-error - A search failed. Detail: `{ message, status, operation, kind }`.
 * @csspart label - The input's label (visually hidden).
 * @csspart input - The search input (`role=combobox`).
 * @csspart popup - The box under the input holding the results or a state.
 * @csspart listbox - The result list (`role=listbox`).
 * @csspart option - One result (`role=option`); the highlighted one also has `option-active`.
 * @csspart picture - A result's artwork or profile picture.
 * @csspart option-title - A result's title or name.
 * @csspart option-subtitle - A result's artist, handle or owner.
 * @csspart type-selector - The Tracks / Users / Playlists buttons' group.
 * @csspart type-button - One of the type buttons (`aria-pressed`).
 * @csspart downloadable - The "Only downloadable" checkbox and its label.
 * @csspart loading - The loading skeleton.
 * @csspart error - The error message.
 * @csspart retry - Retry, where asking again can help: a host that failed or could not be reached (not an item the service does not have).
 * @csspart empty - The "No results" message.
 * @cssproperty [--service-accent=#6a14b8] - Focus ring, pressed type button and highlighted result.
 * @cssproperty [--service-on-accent=#ffffff] - Text on the accent colour.
 * @cssproperty [--service-text=#17171c] - Text colour.
 * @cssproperty [--service-muted=#55555f] - Secondary text colour.
 * @cssproperty [--service-background=#ffffff] - Input and result list background.
 * @cssproperty [--service-surface=#f1f0f5] - Type buttons and picture placeholder background.
 * @cssproperty [--service-border=#d9d7e0] - Border colour.
 * @cssproperty [--service-radius=10px] - Corner radius.
 * @cssproperty [--service-font=system-ui] - Font family.
 */
export class ServiceSearch extends ServiceElement {
  static override styles = [theme, searchStyles];
  static override properties: PropertyDeclarations = {
    type: { reflect: true },
    onlyDownloadable: { type: Boolean, reflect: true, attribute: 'only-downloadable' },
    debounce: { type: Number },
    limit: { type: Number },
    value: {},
    label: {},
    placeholder: {},
    term: { state: true },
    open: { state: true },
    activeIndex: { state: true },
  };

  /** What to search: `tracks` (default), `users` or `playlists`. */
  type: SearchType = 'tracks';
  /** Only tracks that can be downloaded (for users and playlists: those with such a track). */
  onlyDownloadable = false;
  /** Milliseconds of quiet after typing before the search is sent; default 250. */
  debounce = 250;
  /** Most results to show, 1 to 50; default 10. */
  limit = 10;
  /** The text in the search box. */
  value = '';
  /** The input's accessible name; default `Search`, in the element's language. */
  label?: string;
  /** The input's placeholder; default `Search tracks`, `Search users` or `Search playlists`, in the element's language. */
  placeholder?: string;

  /** The text being searched: `value` trimmed, once typing has paused. */
  private term = '';
  private open = false;
  private activeIndex = -1;
  #timer?: ReturnType<typeof setTimeout>;

  readonly #data = new DataTask(this, {
    operation: 'search',
    args: () => [this.term, this.#choice, this.onlyDownloadable, countSetting(this.limit, 50, 10)] as const,
    fetch: ([term, choice, onlyDownloadable, limit], client, signal) =>
      term ? runSearch(client, term, choice, { onlyDownloadable: onlyDownloadable || undefined, limit, signal }) : undefined,
    // The count, or that nothing matched, said in the page's one live region when results arrive for an open list.
    loaded: ({ items, query }) =>
      this.open ? this.i18n.t(items.length ? '{n} result available.|{n} results available.' : 'No results for “{query}”', { n: items.length, query }) : undefined,
    failed: () => this.i18n.t('Could not load the search results.'),
  });

  /** The results on show (after the latest search finished), with the text and kind they are for. */
  get results(): SearchResults | undefined {
    return this.#data.status === TaskStatus.COMPLETE ? this.#data.value : undefined;
  }

  /** Sends the search for the current text now, without waiting for the debounce. */
  search(): void {
    clearTimeout(this.#timer);
    const term = this.value.trim().slice(0, MAX_QUERY);
    if (term !== this.term) {
      this.term = term;
      this.activeIndex = -1;
    }
  }

  /** The type selector's choice for `type`: Tracks for an unknown one. */
  get #choice(): SearchChoice {
    return SEARCH_TYPES.find((t) => t.type === this.type) ?? SEARCH_TYPES[0];
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#timer);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('value')) {
      clearTimeout(this.#timer);
      const wait = Number(this.debounce);
      this.#timer = setTimeout(() => this.search(), Number.isFinite(wait) && wait >= 0 ? wait : 250);
    }
  }

  protected override updated(): void {
    // Written here rather than bound: the controls follow every change of the element's state,
    // a reset after the user typed included (a plain binding skips a value it already rendered).
    const [input, checkbox] = this.renderRoot.querySelectorAll('input');
    if (input!.value !== this.value) input!.value = this.value;
    checkbox!.checked = this.onlyDownloadable;
    const active = this.renderRoot.querySelector('[part~="option-active"]');
    active?.scrollIntoView?.({ block: 'nearest' });
  }

  protected override render() {
    const { type, label, placeholder } = this.#choice;
    const { t } = this.i18n;
    const status = this.#data.status;
    const results = this.results;
    const count = results?.items.length ?? 0;
    const visible = this.open && this.term !== '' && status !== TaskStatus.INITIAL;
    const expanded = visible && count > 0;
    const active = expanded && this.activeIndex < count ? this.activeIndex : -1;
    return html`
      <div class="search" @focusout=${this.#onFocusOut}>
        <label part="label" class="visually-hidden" for="input">${this.label ?? t('Search')}</label>
        <div class="field">
          <input
            id="input"
            part="input"
            type="search"
            role="combobox"
            autocomplete="off"
            spellcheck="false"
            maxlength=${MAX_QUERY}
            aria-autocomplete="list"
            aria-expanded=${expanded ? 'true' : 'false'}
            aria-controls="listbox"
            aria-activedescendant=${active >= 0 ? `option-${active}` : nothing}
            placeholder=${this.placeholder ?? t(placeholder)}
            @input=${this.#onInput}
            @keydown=${this.#onKeyDown}
            @click=${() => (this.open = true)}
          />
          <div part="popup" class="popup" ?hidden=${!visible} @mousedown=${(e: Event) => e.preventDefault()}>
            ${expanded
              ? nothing
              : taskView(this.#data, () => html``, {
                  missing: 'Search is not available.',
                  loading: 'Searching',
                  empty: 'No results for “{query}”',
                  params: { query: results?.query ?? this.term },
                  isEmpty: (r) => r.items.length === 0,
                  rows: 2,
                }, t)}
            <ul id="listbox" part="listbox" class="listbox" role="listbox" aria-label=${t('{what} found', { what: t(label) })} ?hidden=${!expanded}>
              ${expanded ? results!.items.map((_, i) => renderOption(results!, i, i === active, () => this.#select(i), t)) : nothing}
            </ul>
          </div>
        </div>
        <div class="filters">
          <div part="type-selector" class="types" role="group" aria-label=${t('Search for')}>
            ${SEARCH_TYPES.map(
              (choice) => html`<button
                type="button"
                part="type-button"
                class="type"
                aria-pressed=${choice.type === type ? 'true' : 'false'}
                @click=${() => this.#choose({ type: choice.type })}
              >${t(choice.label)}</button>`,
            )}
          </div>
          <label part="downloadable" class="downloadable">
            <input
              type="checkbox"
              @change=${(e: Event) => this.#choose({ onlyDownloadable: (e.target as HTMLInputElement).checked })}
            />
            ${t('Only downloadable')}
          </label>
        </div>
      </div>
    `;
  }

  #onInput(e: Event): void {
    this.value = (e.target as HTMLInputElement).value;
    this.open = true;
    // Clearing the box needs no request: close at once instead of after the pause.
    if (!this.value.trim()) this.search();
  }

  #choose(change: { type?: SearchType; onlyDownloadable?: boolean }): void {
    Object.assign(this, change);
    this.activeIndex = -1;
    this.open = true;
  }

  #onKeyDown(e: KeyboardEvent): void {
    const count = this.results?.items.length ?? 0;
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        e.preventDefault();
        if (!this.open) {
          this.open = true;
          if (e.altKey) return;
        }
        if (!count) return;
        const down = e.key === 'ArrowDown';
        const from = this.activeIndex < count ? this.activeIndex : -1;
        this.activeIndex = from < 0 ? (down ? 0 : count - 1) : (from + (down ? 1 : count - 1)) % count;
        return;
      }
      case 'Enter':
        e.preventDefault();
        if (this.open && this.activeIndex >= 0 && this.activeIndex < count) this.#select(this.activeIndex);
        else this.search();
        return;
      case 'Escape':
        // The first Escape closes the list; the next one leaves the browser's own clearing of the box.
        if (this.open && this.term) {
          e.preventDefault();
          this.open = false;
          this.activeIndex = -1;
        }
        return;
    }
  }

  #select(index: number): void {
    const results = this.results;
    if (!results || !results.items[index]) return;
    this.open = false;
    this.activeIndex = -1;
    this.emit('service-select', selection(results, index));
  }

  #onFocusOut(e: FocusEvent): void {
    // Focus that went outside the element, or left the page (contains(null) is false).
    if (!this.renderRoot.contains(e.relatedTarget as Node | null)) {
      this.open = false;
      this.activeIndex = -1;
    }
  }
}

define('service-search', ServiceSearch);

declare global {
  interface HTMLElementTagNameMap {
    'service-search': ServiceSearch;
  }
  interface GlobalEventHandlersEventMap {
    'service-select': CustomEvent<SearchSelectDetail>;
  }
}
