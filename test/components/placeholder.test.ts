// A track, playlist or user without artwork shows a placeholder tile of the artwork's size, with
// a glyph in the theme's colours, so nothing else moves: the card's play button and title stand
// where they stand beside real artwork.
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/components/track-card/track-card.js';
import '../../src/components/user-card/user-card.js';
import type { Track } from '../../src/core/index.js';
import { appName, serviceClient, serviceUrl } from '../support/service.js';
import { waitFor } from '../support/waits.js';

/** A track with artwork and one without, from the reference catalog (about one track in twenty has none). */
async function pair(): Promise<{ withArt: Track; without: Track }> {
  const tracks = await serviceClient().searchTracks('skyline', { limit: 50 });
  const hasArt = (t: Track) => Boolean(t.artwork?.['150x150'] ?? t.artwork?.['480x480']); // the service sends {} for none
  const withArt = tracks.find(hasArt);
  const without = tracks.find((t) => !hasArt(t));
  expect(withArt && without, 'the catalog has "skyline" tracks with and without artwork').to.be.ok;
  return { withArt: withArt!, without: without! };
}

const part = (el: Element, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)!;

describe('placeholder artwork', () => {
  for (const size of ['card', 'compact'] as const) {
    it(`${size}: the play button and the title stand where they stand beside artwork`, async () => {
      const { withArt, without } = await pair();
      const wrap = await fixture<HTMLDivElement>(html`<div style="width: 520px">
        <service-track-card host=${serviceUrl} app-name=${appName} size=${size} track-id=${withArt.id}></service-track-card>
        <service-track-card host=${serviceUrl} app-name=${appName} size=${size} track-id=${without.id}></service-track-card>
      </div>`);
      const [art, plain] = [...wrap.children];
      await waitFor(() => part(art!, 'play-button') && part(plain!, 'play-button'), 'both cards to load');
      const tile = part(plain!, 'artwork');
      expect(tile.localName, 'a tile, not an image').to.equal('span');
      expect(tile.querySelector('svg'), 'with a glyph').to.not.equal(null);
      const image = part(art!, 'artwork');
      expect(image.localName).to.equal('img');
      const box = (el: Element) => el.getBoundingClientRect();
      expect([box(tile).width, box(tile).height]).to.deep.equal([box(image).width, box(image).height]);
      const x = (card: Element, name: string) => box(part(card, name)).left - box(card).left;
      expect(x(plain!, 'play-button'), 'play button').to.equal(x(art!, 'play-button'));
      expect(x(plain!, 'title'), 'title').to.equal(x(art!, 'title'));
      expect(getComputedStyle(tile).backgroundColor, 'the theme surface').to.equal('rgb(241, 240, 245)');
    });
  }

  it('a list row without artwork has the tile too', async () => {
    const { without } = await pair();
    const card = await fixture(html`<service-user-card host=${serviceUrl} app-name=${appName} user-id=${without.user.id} page-size="50"></service-user-card>`);
    const rows = () => [...card.shadowRoot!.querySelectorAll('[part~="item"]')];
    await waitFor(() => rows().some((li) => li.textContent?.includes(without.title)), `the owner's tracks to list ${without.title}`);
    const row = rows().find((li) => li.textContent?.includes(without.title))!;
    const tile = row.querySelector('[part~="item-artwork"]')!;
    expect(tile.localName).to.equal('span');
    expect(tile.querySelector('svg')).to.not.equal(null);
    const image = card.shadowRoot!.querySelector('img[part~="item-artwork"]');
    if (image) expect(tile.getBoundingClientRect().width).to.equal(image.getBoundingClientRect().width);
  });
});
