import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../src/components/search/search.js';
import type { ServiceSearch } from '../../src/components/search/search.js';
import type { Track } from '../../src/core/index.js';
import {
  appName, demoUser, eachService, fakeCount, fakeHost, release, requestsReached, serviceClient, serviceUrl,
} from '../support/service.js';
import { nextTask, quietFor, waitFor } from '../support/waits.js';

const $ = (el: ServiceSearch, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const input = (el: ServiceSearch) => $(el, '[part="input"]') as HTMLInputElement;
const options = (el: ServiceSearch) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[role="option"]')];
const text = (node: Element | null) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
/** Waits for the page's one live region (core/announcer.ts) to say `message`. */
const announced = (message: string) =>
  waitFor(() => document.getElementById('service-kit-announcer')?.textContent?.includes(message), () => `the page's live region to say "${message}"; it says "${document.getElementById('service-kit-announcer')?.textContent}"`);

/** Types like a user: the box's value changes and an `input` event fires. */
function type(el: ServiceSearch, value: string): void {
  const box = input(el);
  box.focus();
  box.value = value;
  box.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

function press(el: ServiceSearch, key: string): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true });
  input(el).dispatchEvent(event);
  return event;
}

/** Waits until the results for `query` are on screen (options, or the empty state). */
async function resultsFor(el: ServiceSearch, query: string): Promise<void> {
  await waitFor(() => el.results?.query === query, () => `results for "${query}"`);
  await el.updateComplete;
}

const mount = (attrs: { host?: string; type?: string; debounce?: number; onlyDownloadable?: boolean; app?: string } = {}) =>
  fixture<ServiceSearch>(html`<service-search
    host=${attrs.host ?? serviceUrl}
    app-name=${attrs.app ?? appName}
    type=${attrs.type ?? 'tracks'}
    debounce=${attrs.debounce ?? 250}
    ?only-downloadable=${attrs.onlyDownloadable ?? false}
  ></service-search>`);

eachService(() =>
  describe('<service-search>', () => {
  let demoTracks: Track[];

  // Injected markup that ran would call alert: record the calls instead of blocking the page.
  const alerts: unknown[] = [];
  const realAlert = window.alert;

  before(async () => {
    window.alert = (message?: unknown) => void alerts.push(message);
    demoTracks = await serviceClient().getUserTracks(demoUser.id, { limit: 20 });
  });

  after(() => {
    window.alert = realAlert;
  });

  it('is a labelled combobox with a type selector and a downloadable checkbox', async () => {
    const el = await mount();
    const box = input(el);
    expect(box.type).to.equal('search');
    expect(box.getAttribute('role')).to.equal('combobox');
    expect(box.getAttribute('aria-expanded')).to.equal('false');
    expect(box.placeholder).to.equal('Search tracks');
    expect(text(el.shadowRoot!.querySelector(`label[for="${box.id}"]`))).to.equal('Search');
    const buttons = [...el.shadowRoot!.querySelectorAll('[part="type-selector"] button')];
    expect(buttons.map((b) => [text(b), b.getAttribute('aria-pressed')])).to.deep.equal([['Tracks', 'true'], ['Users', 'false'], ['Playlists', 'false']]);
    expect(text($(el, '[part="downloadable"]'))).to.equal('Only downloadable');
    await expect(el).to.be.accessible();
  });

  it('typing a title shows the matching tracks as options and announces the count', async () => {
    const target = demoTracks.find((t) => !t.title.includes('<'))!;
    const expected = await serviceClient().searchTracks(target.title, { limit: 10 });
    const el = await mount();
    type(el, target.title);
    await resultsFor(el, target.title);
    const shown = options(el);
    expect(shown.length).to.equal(expected.length);
    expect(text(shown[0]!.querySelector('[part="option-title"]')).toLowerCase()).to.equal(target.title.toLowerCase());
    expect(shown.map((o) => text(o.querySelector('[part="option-title"]')))).to.deep.equal(expected.map((t) => t.title));
    expect(text(shown[0]!.querySelector('[part="option-subtitle"]'))).to.equal(expected[0]!.user.name);
    expect(input(el).getAttribute('aria-expanded')).to.equal('true');
    expect(input(el).getAttribute('aria-controls')).to.equal($(el, '[role="listbox"]')!.id);
    await announced(`${expected.length} ${expected.length === 1 ? 'result' : 'results'} available.`);
    await expect(el).to.be.accessible();
  });

  it('shows a loading state while the search is under way', async () => {
    const el = await mount({ host: fakeHost('hang'), debounce: 0 });
    type(el, 'night');
    await waitFor(() => $(el, '[part="popup"]:not([hidden]) [part="loading"]'), 'the loading state shows');
    await expect(el).to.be.accessible();
  });

  it('type=users finds the demo user by "demo"', async () => {
    const el = await mount({ type: 'users' });
    expect(input(el).placeholder).to.equal('Search users');
    type(el, 'demo');
    await resultsFor(el, 'demo');
    expect(el.results!.kind).to.equal('user');
    expect(text(options(el)[0]!.querySelector('[part="option-subtitle"]'))).to.equal('@demo');
    expect(el.results!.items[0]!.id).to.equal(demoUser.id);
    await expect(el).to.be.accessible();
  });

  it('the type buttons switch what is searched', async () => {
    const el = await mount();
    type(el, 'demo');
    await resultsFor(el, 'demo');
    expect(el.results!.kind).to.equal('track');
    const users = [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="type-button"]')].find((b) => text(b) === 'Users')!;
    users.click();
    await waitFor(() => el.results?.kind === 'user', 'user results');
    expect(el.getAttribute('type')).to.equal('users');
    expect(users.getAttribute('aria-pressed')).to.equal('true');
  });

  it('only-downloadable sends only_downloadable and shows downloadable tracks only', async () => {
    const word = demoTracks.find((t) => t.genre)!.genre!;
    const all = await serviceClient().searchTracks(word, { limit: 50 });
    expect(all.some((t) => !t.downloadable), 'the word also matches tracks that are not downloadable').to.equal(true);
    const host = fakeHost('proxy');
    const el = await mount({ host, onlyDownloadable: true, debounce: 0 });
    type(el, word);
    await resultsFor(el, word);
    expect(el.results!.items.length).to.be.greaterThan(0);
    expect((el.results!.items as Track[]).every((t) => t.downloadable === true)).to.equal(true);
    const { paths } = await fakeCount(host);
    const sent = new URL(paths.at(-1)!, 'http://x').searchParams;
    expect([sent.get('query'), sent.get('only_downloadable')]).to.deep.equal([word, 'true']);

    // Unticking the box searches again without the filter.
    const box = $(el, '[part="downloadable"] input') as HTMLInputElement;
    box.click();
    expect(el.onlyDownloadable).to.equal(false);
    await waitFor(async () => (await fakeCount(host)).api === 2, 'a second search');
    expect((await fakeCount(host)).paths.at(-1)).not.to.contain('only_downloadable');
  });

  it('the box and the checkbox show the element\'s state after it changes, over what the user did', async () => {
    const el = await mount({ debounce: 10000 });
    // An app that clears the box as the user types, before the element renders again.
    el.addEventListener('input', () => (el.value = ''), { once: true });
    type(el, 'night');
    await el.updateComplete;
    expect(input(el).value).to.equal('');
    el.value = 'day';
    await el.updateComplete;
    expect(input(el).value).to.equal('day');

    // The same for the checkbox: ticked by the user, unticked by the app at once.
    const box = $(el, '[part="downloadable"] input') as HTMLInputElement;
    box.addEventListener('change', () => (el.onlyDownloadable = false), { once: true });
    box.click();
    await el.updateComplete;
    expect([el.onlyDownloadable, box.checked]).to.deep.equal([false, false]);
    el.onlyDownloadable = true;
    await el.updateComplete;
    expect(box.checked).to.equal(true);
  });

  it('ArrowDown and ArrowUp move the active option; Enter fires service-select with it', async () => {
    const el = await mount();
    const query = demoTracks[0]!.genre ?? 'night';
    type(el, query);
    await resultsFor(el, query);
    const shown = options(el);
    expect(shown.length).to.be.greaterThan(1);
    expect(input(el).hasAttribute('aria-activedescendant')).to.equal(false);

    expect(press(el, 'ArrowDown').defaultPrevented).to.equal(true);
    await el.updateComplete;
    expect(input(el).getAttribute('aria-activedescendant')).to.equal(options(el)[0]!.id);
    expect(options(el)[0]!.getAttribute('aria-selected')).to.equal('true');
    press(el, 'ArrowDown');
    await el.updateComplete;
    expect(input(el).getAttribute('aria-activedescendant')).to.equal(options(el)[1]!.id);
    expect(options(el)[0]!.getAttribute('aria-selected')).to.equal('false');
    press(el, 'ArrowUp');
    press(el, 'ArrowDown');
    await el.updateComplete;
    expect(input(el).getAttribute('aria-activedescendant')).to.equal(options(el)[1]!.id);
    await expect(el).to.be.accessible();

    const picked = oneEvent(el, 'service-select');
    press(el, 'Enter');
    const { detail } = await picked;
    expect(detail.kind).to.equal('track');
    expect(detail.item).to.deep.equal(el.results!.items[1]);
    expect((detail.item as Track).title).to.equal(text(shown[1]!.querySelector('[part="option-title"]')));
    await el.updateComplete;
    expect(input(el).getAttribute('aria-expanded')).to.equal('false');
  });

  it('clicking an option selects it', async () => {
    const el = await mount({ type: 'users' });
    type(el, 'demo');
    await resultsFor(el, 'demo');
    const picked = oneEvent(el, 'service-select');
    options(el)[0]!.click();
    const { detail } = await picked;
    expect(detail).to.deep.equal({ kind: 'user', item: el.results!.items[0] });
  });

  it('Escape closes the list and keeps the text', async () => {
    const el = await mount();
    type(el, 'demo');
    await resultsFor(el, 'demo');
    press(el, 'ArrowDown');
    await el.updateComplete;
    expect(press(el, 'Escape').defaultPrevented).to.equal(true);
    await el.updateComplete;
    expect(input(el).getAttribute('aria-expanded')).to.equal('false');
    expect(input(el).hasAttribute('aria-activedescendant')).to.equal(false);
    expect($(el, '[part="popup"]')!.hidden).to.equal(true);
    expect(input(el).value).to.equal('demo');
    await expect(el).to.be.accessible();
    // ArrowDown opens it again.
    press(el, 'ArrowDown');
    await el.updateComplete;
    expect(input(el).getAttribute('aria-expanded')).to.equal('true');
  });

  it('rapid typing sends one request, for the last text only', async () => {
    const host = fakeHost('proxy');
    const el = await mount({ host });
    const word = 'night';
    for (let i = 1; i <= word.length; i++) {
      type(el, word.slice(0, i));
      // Each letter in a task of its own, before the debounce timer the last one set can fire.
      await nextTask();
    }
    await resultsFor(el, word);
    const { api, paths } = await fakeCount(host);
    expect(api).to.be.lessThan(word.length);
    expect(api).to.equal(1);
    expect(new URL(paths[0]!, 'http://x').searchParams.get('query')).to.equal(word);
  });

  it('a new query cancels the one in flight: a late answer never replaces a newer one', async () => {
    const host = fakeHost('held'); // each answer waits until the test releases it
    const el = await mount({ host, debounce: 0 });
    const errors: Event[] = [];
    el.addEventListener('service-error', (e) => errors.push(e));
    type(el, 'night');
    await requestsReached(host, 1);
    type(el, 'demo');
    await requestsReached(host, 2);
    await release(host, 2);
    await resultsFor(el, 'demo');
    await release(host, 1); // the first search's answer comes last
    await quietFor(500); // nothing happens within: time for the late answer to arrive, which must change nothing
    expect(el.results!.query).to.equal('demo');
    expect(input(el).value).to.equal('demo');
    expect(errors, 'the cancelled search is not an error').to.have.length(0);
  });

  it('says when nothing matches', async () => {
    const el = await mount({ debounce: 0 });
    type(el, '  qqzzxxvvkk  ');
    await resultsFor(el, 'qqzzxxvvkk');
    expect(options(el)).to.have.length(0);
    expect(text($(el, '[part="empty"]'))).to.equal('No results for “qqzzxxvvkk”');
    await announced('No results for “qqzzxxvvkk”');
    expect(input(el).getAttribute('aria-expanded')).to.equal('false');
    await expect(el).to.be.accessible();
  });

  it('sends nothing for blank text', async () => {
    const host = fakeHost('proxy');
    const el = await mount({ host, debounce: 0 });
    type(el, '   ');
    await quietFor(100); // nothing happens within: a search would have been sent by then (debounce 0)
    expect((await fakeCount(host)).api).to.equal(0);
    expect($(el, '[part="popup"]')!.hidden).to.equal(true);
  });

  it('shows an error with Retry and fires service-error when the host fails', async () => {
    const host = fakeHost('error500');
    const el = await mount({ host, debounce: 0 });
    const failed = oneEvent(el, 'service-error');
    type(el, 'night');
    const { detail } = await failed;
    expect(detail.status).to.equal(500);
    expect(detail.operation).to.equal('searchTracks');
    await el.updateComplete;
    // No alert of its own: the page's live region says it once, naming the element.
    expect($(el, '[part="error"]')!.getAttribute('role')).to.equal(null);
    await waitFor(() => document.getElementById('service-kit-announcer')?.textContent === 'Could not load the search results. Retry?', 'the region to say the failure');
    const retry = $(el, '[part="retry"]') as HTMLButtonElement;
    expect(text(retry)).to.equal('Retry');
    await expect(el).to.be.accessible();
    const again = oneEvent(el, 'service-error');
    retry.click();
    await again;
    expect((await fakeCount(host)).api).to.equal(2);
  });

  it('renders markup in the query and in results as text', async () => {
    const el = await mount({ debounce: 0 });
    const typed = '<img src=x onerror=alert(1)><b>bold</b>';
    type(el, typed);
    await resultsFor(el, typed);
    expect(text($(el, '[part="empty"]'))).to.equal(`No results for “${typed}”`);
    expect(el.shadowRoot!.querySelector('b, img[src="x"], script')).to.equal(null);

    const soup = demoTracks.find((t) => t.title.includes('<script>'))!;
    type(el, 'Tag Soup');
    await resultsFor(el, 'Tag Soup');
    const titles = options(el).map((o) => text(o.querySelector('[part="option-title"]')));
    expect(titles).to.include(soup.title);
    expect(el.shadowRoot!.querySelector('script, img[src="x"]')).to.equal(null);
    await quietFor(100); // nothing happens within: time for a payload's handler to run
    expect(alerts).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });
  }),
);
