// <service-favorite-button> in every engine, on a foreign origin, against the real service: a
// click while signed out opens the code-flow login (write) in a popup from that click, then
// favourites with the user's bearer token; a second click unfavourites; a failed write is rolled back.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { serverCommand } from '../support/commands.js';
import '../../src/components/favorite-button/favorite-button.js';
import '../../src/components/track-card/track-card.js';
import type { ServiceFavoriteButton } from '../../src/components/favorite-button/favorite-button.js';
import type { ServiceTrackCard } from '../../src/components/track-card/track-card.js';
import { appName, demoUser, serviceUrl } from '../support/service.js';
import { waitFor } from '../support/waits.js';

const API_KEY = '774b4a83134248429841ef8bd8a685f0875b9ab1';
const REDIRECT_PAGE = `${location.origin}/test/support/pages/code-redirect.html`;

const inner = (el: ServiceFavoriteButton) => el.shadowRoot!.querySelector<HTMLButtonElement>('button')!;
const shown = (el: ServiceFavoriteButton) => ({ pressed: inner(el).getAttribute('aria-pressed'), count: el.shadowRoot!.querySelector('[part=count]')!.textContent });
/** The favourite count a track card shows (its second stat, as seen). */
const cardCount = (card: ServiceTrackCard) => card.shadowRoot!.querySelector('[part=stats] li:nth-child(2) span[aria-hidden]')?.textContent;

async function click(el: Element): Promise<void> {
  const r = el.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)] });
  await sendMouse({ type: 'move', position: [0, 0] });
}

/** A track of the catalog the demo user has not favourited, and its favourite count (small, so shown as digits). */
async function unfavouritedTrack(): Promise<{ id: string; count: number }> {
  const favs = (await (await fetch(`${serviceUrl}/v1/users/${demoUser.id}/favorites?limit=500&app_name=${appName}`)).json()).data as { favorite_item_id: string }[];
  const mine = new Set(favs.map((f) => f.favorite_item_id));
  const tracks = (await (await fetch(`${serviceUrl}/v1/tracks/trending?limit=100&app_name=${appName}`)).json()).data as { id: string; favorite_count: number }[];
  const track = tracks.find((t) => !mine.has(t.id) && t.favorite_count < 900)!;
  return { id: track.id, count: track.favorite_count };
}

const isFavourite = async (trackId: string) =>
  ((await (await fetch(`${serviceUrl}/v1/users/${demoUser.id}/favorites?limit=500&app_name=${appName}`)).json()).data as { favorite_item_id: string }[]).some((f) => f.favorite_item_id === trackId);

describe('<service-favorite-button>', () => {
  let el: ServiceFavoriteButton | undefined;
  afterEach(async () => {
    await el?.session.logout();
  });

  it('shows the count, not pressed, while signed out; accessible', async () => {
    const track = await unfavouritedTrack();
    el = await fixture<ServiceFavoriteButton>(html`<service-favorite-button track-id=${track.id} host=${serviceUrl} app-name=${appName} api-key=${API_KEY}></service-favorite-button>`);
    await waitFor(() => shown(el!).count === String(track.count), () => `the count ${track.count} (shown: ${JSON.stringify(shown(el!))})`);
    expect(shown(el).pressed).to.equal('false');
    expect(inner(el).textContent!.replace(/\s+/g, ' ').trim()).to.equal(`Favorite ${track.count}`);
    await expect(el).to.be.accessible();
  });

  it('signed out, a click logs in with write in a popup opened by that click, then favourites; a second click unfavourites', async () => {
    const track = await unfavouritedTrack();
    el = await fixture<ServiceFavoriteButton>(
      html`<service-favorite-button track-id=${track.id} host=${serviceUrl} app-name=${appName} api-key=${API_KEY} redirect-uri=${REDIRECT_PAGE}></service-favorite-button>`,
    );
    await waitFor(() => shown(el!).count === String(track.count), 'the count');
    let opened = 0;
    const realOpen = window.open;
    window.open = function (this: Window, ...args: Parameters<typeof window.open>) {
      opened++;
      return realOpen.apply(this, args);
    };
    let change = oneEvent(el, 'service-favorite-change');
    try {
      await click(inner(el));
      expect(opened, 'the popup opened inside the click').to.equal(1);
    } finally {
      window.open = realOpen;
    }
    const { url } = await serverCommand<{ url: string }>('login-popup', { action: 'authorize' });
    expect(new URL(url).searchParams.get('scope')).to.equal('write');
    expect((await change).detail).to.deep.equal({ trackId: track.id, favorited: true, count: track.count + 1 });
    expect(shown(el)).to.deep.equal({ pressed: 'true', count: String(track.count + 1) });
    expect(await isFavourite(track.id), 'the service has the favourite').to.equal(true);
    await expect(el).to.be.accessible();

    change = oneEvent(el, 'service-favorite-change');
    inner(el).click();
    await el.updateComplete;
    expect(shown(el).pressed, 'shown at once').to.equal('false');
    expect((await change).detail).to.deep.equal({ trackId: track.id, favorited: false, count: track.count });
    expect(await isFavourite(track.id), 'the service dropped the favourite').to.equal(false);
    expect(shown(el)).to.deep.equal({ pressed: 'false', count: String(track.count) });
  });

  it('rolls a failed write back, with service-error', async () => {
    const track = await unfavouritedTrack();
    el = await fixture<ServiceFavoriteButton>(
      html`<service-favorite-button track-id=${track.id} host=${serviceUrl} app-name=${appName} api-key=${API_KEY} redirect-uri=${REDIRECT_PAGE}></service-favorite-button>`,
    );
    await waitFor(() => shown(el!).count === String(track.count), 'the count');
    // The one case the real service does not make on demand: a host that fails the write (503).
    const realFetch = window.fetch;
    const writes: string[] = [];
    window.fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (/\/v1\/tracks\/[^/]+\/favorites/.test(url) && init?.method) {
        writes.push(init.method);
        return Promise.resolve(new Response('{"error":"unavailable"}', { status: 503 }));
      }
      return realFetch(input, init);
    };
    try {
      const failed = oneEvent(el, 'service-error');
      inner(el).click();
      await serverCommand('login-popup', { action: 'authorize' });
      await waitFor(() => writes.length, 'the write');
      const { detail } = await failed;
      expect(detail).to.include({ operation: 'favoriteTrack', status: 503 });
      expect(shown(el), 'rolled back').to.deep.equal({ pressed: 'false', count: String(track.count) });
      expect(await isFavourite(track.id)).to.equal(false);
    } finally {
      window.fetch = realFetch;
    }
  });

  it('after a favourite, every element showing the track\'s count shows the new one: both buttons and the track card; an unfavourite goes back', async () => {
    const track = await unfavouritedTrack();
    const settings = { host: serviceUrl, appName, apiKey: API_KEY };
    const page = await fixture<HTMLElement>(html`<div>
      <service-favorite-button track-id=${track.id} host=${settings.host} app-name=${settings.appName} api-key=${settings.apiKey} redirect-uri=${REDIRECT_PAGE}></service-favorite-button>
      <service-track-card track-id=${track.id} host=${settings.host} app-name=${settings.appName} api-key=${settings.apiKey}></service-track-card>
      <service-favorite-button track-id=${track.id} host=${settings.host} app-name=${settings.appName} api-key=${settings.apiKey} redirect-uri=${REDIRECT_PAGE}></service-favorite-button>
    </div>`);
    const [first, second] = page.querySelectorAll('service-favorite-button');
    const card = page.querySelector('service-track-card')!;
    el = first;
    const everyone = () => ({ first: shown(first!), second: shown(second!), card: cardCount(card) });
    const showing = (pressed: boolean, count: number) => ({ first: { pressed: String(pressed), count: String(count) }, second: { pressed: String(pressed), count: String(count) }, card: String(count) });
    await waitFor(() => JSON.stringify(everyone()) == JSON.stringify(showing(false, track.count)), () => `the count ${track.count} everywhere (shown: ${JSON.stringify(everyone())})`);

    const change = oneEvent(first!, 'service-favorite-change');
    await click(inner(first!));
    await serverCommand('login-popup', { action: 'authorize' });
    expect((await change).detail).to.deep.equal({ trackId: track.id, favorited: true, count: track.count + 1 });
    await Promise.all([first!.updateComplete, second!.updateComplete, card.updateComplete]);
    expect(everyone(), 'after the favourite').to.deep.equal(showing(true, track.count + 1));
    expect(await isFavourite(track.id)).to.equal(true);
    await expect(card).to.be.accessible();

    const undone = oneEvent(second!, 'service-favorite-change');
    inner(second!).click();
    await Promise.all([first!.updateComplete, second!.updateComplete, card.updateComplete]);
    expect(everyone(), 'shown at once, everywhere').to.deep.equal(showing(false, track.count));
    expect((await undone).detail).to.deep.equal({ trackId: track.id, favorited: false, count: track.count });
    expect(await isFavourite(track.id), 'the service dropped the favourite').to.equal(false);
    expect(everyone(), 'after the unfavourite').to.deep.equal(showing(false, track.count));
  });
});
