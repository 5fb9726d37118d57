// Elements that show a heading take `heading-level` (2–6), so they fit the page's outline:
// h1 > h2 > the elements at level 3 passes axe (heading-order among its rules).
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/components/track-card/track-card.js';
import '../../src/components/playlist/playlist.js';
import '../../src/components/user-card/user-card.js';
import '../../src/components/provider/provider.js';
import { appName, demoUser, serviceClient, serviceUrl } from '../support/service.js';
import { waitFor } from '../support/waits.js';

const TAGS = ['service-track-card', 'service-playlist', 'service-user-card'] as const;
const heading = (el: Element) => el.shadowRoot?.querySelector<HTMLElement>('[role="heading"]');

describe('heading-level', () => {
  let trackId: string;
  let playlistId: string;

  before(async () => {
    const client = serviceClient();
    trackId = (await client.getTrendingTracks({ limit: 1 }))[0]!.id;
    playlistId = (await client.searchPlaylists('a', { limit: 1 }))[0]!.id;
  });

  /** A page section: h1, h2, then the three elements at `level` (unset: their defaults). */
  async function page(level?: string) {
    const root = await fixture<HTMLElement>(html`<main>
      <h1>My music site</h1>
      <section>
        <h2>Picks</h2>
        <service-provider host=${serviceUrl} app-name=${appName}>
          <service-track-card track-id=${trackId} heading-level=${level ?? ''}></service-track-card>
          <service-playlist playlist-id=${playlistId} heading-level=${level ?? ''}></service-playlist>
          <service-user-card user-id=${demoUser.id} heading-level=${level ?? ''}></service-user-card>
        </service-provider>
      </section>
    </main>`);
    const els = TAGS.map((t) => root.querySelector(t)!);
    await waitFor(() => els.every((el) => heading(el)), 'every element shows its heading');
    return { root, levels: els.map((el) => heading(el)!.getAttribute('aria-level')) };
  }

  it('defaults: the track card 3, the playlist and the user card 2, as before the attribute', async () => {
    const { levels } = await page();
    expect(levels).to.deep.equal(['3', '2', '2']);
  });

  it('h1 > h2 > elements at heading-level="3": no axe violation', async () => {
    const { root, levels } = await page('3');
    expect(levels).to.deep.equal(['3', '3', '3']);
    await expect(root).to.be.accessible();
  });

  it('a jump from h2 to level 5 is what axe reports (heading-order)', async () => {
    const { root } = await page('5');
    await expect(root).not.to.be.accessible();
  });

  it('a value outside 2–6 means the default', async () => {
    for (const bad of ['1', '7', 'x', '2.5']) expect((await page(bad)).levels, bad).to.deep.equal(['3', '2', '2']);
  });
});
