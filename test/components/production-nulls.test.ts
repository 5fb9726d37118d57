// Production may send any optional field as null, and only `is_downloadable`: the service in
// --compat production mode sends neither, so its answers are rewritten here (every optional
// field null, `downloadable` dropped) and each element must still render without an error.
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/components/track-card/track-card.js';
import '../../src/components/playlist/playlist.js';
import '../../src/components/user-card/user-card.js';
import '../../src/components/trending-list/trending-list.js';
import '../../src/components/audio-player/audio-player.js';
import type { Playlist, Track } from '../../src/core/index.js';
import { compatServiceUrl, demoUser, serviceClient } from '../support/service.js';
import { waitFor } from '../support/waits.js';

const OPTIONAL = ['artwork', 'description', 'genre', 'mood', 'release_date', 'tags', 'remix_of', 'bio', 'location', 'cover_photo', 'profile_picture', 'stream_conditions'];

/** Every optional field of every object in the answer made null; `downloadable` left to `is_downloadable`. */
function nullify(value: unknown): void {
  if (!value || typeof value !== 'object') return;
  for (const item of Object.values(value)) nullify(item);
  const record = value as Record<string, unknown>;
  for (const key of OPTIONAL) if (key in record) record[key] = null;
  delete record.downloadable;
}

describe('elements on production answers with null optional fields', function () {
  const realFetch = window.fetch;
  let track: Track;
  let playlist: Playlist;
  const app = `nulls-${Date.now()}`;

  before(async () => {
    const client = serviceClient({ hostListUrl: `${compatServiceUrl}/` });
    [track] = await client.searchTracks('a', { onlyDownloadable: true, limit: 1 });
    [playlist] = await client.searchPlaylists('a', { limit: 1 });
    window.fetch = async (input, init) => {
      const res = await realFetch(input, init);
      if (!String(input).includes(`app_name=${app}`) || !res.headers.get('content-type')?.startsWith('application/json')) return res;
      const body = await res.json();
      nullify(body.data);
      return new Response(JSON.stringify(body), { status: res.status, headers: res.headers });
    };
  });
  after(() => (window.fetch = realFetch));

  const settled = (el: Element, part: string) =>
    waitFor(() => el.shadowRoot?.querySelector(`[part="${part}"], [part="error"]`), () => `${el.localName} settles`);
  const noError = (el: Element) => expect(el.shadowRoot!.querySelector('[part="error"]'), `${el.localName} shows no error`).to.equal(null);

  it('track card, playlist, user card, trending list and player render them', async () => {
    const wrap = await fixture<HTMLDivElement>(html`<div>
      <service-track-card host=${compatServiceUrl} app-name=${app} track-id=${track.id}></service-track-card>
      <service-playlist host=${compatServiceUrl} app-name=${app} playlist-id=${playlist.id}></service-playlist>
      <service-user-card host=${compatServiceUrl} app-name=${app} user-id=${demoUser.id}></service-user-card>
      <service-trending-list host=${compatServiceUrl} app-name=${app} limit="5"></service-trending-list>
      <service-audio-player host=${compatServiceUrl} app-name=${app} track-id=${track.id}></service-audio-player>
    </div>`);
    const [card, list, user, trending, player] = [...wrap.children] as HTMLElement[];
    await settled(card!, 'card');
    noError(card!);
    expect(card!.shadowRoot!.querySelector('[part="title"]')!.textContent).to.equal(track.title);
    expect(track.downloadable).to.equal(true);
    expect(card!.shadowRoot!.textContent).to.contain('Downloadable', 'is_downloadable alone marks it');
    await settled(list!, 'header');
    noError(list!);
    expect(list!.shadowRoot!.querySelector('[part="name"]')!.textContent).to.equal(playlist.playlist_name);
    await settled(user!, 'card');
    noError(user!);
    await waitFor(() => trending!.shadowRoot!.querySelectorAll('li[part="item"]').length === 5, 'five trending items');
    await waitFor(() => player!.shadowRoot!.textContent!.includes(track.title), 'the player shows the track');
    for (const el of [card, list, user, trending]) await expect(el).to.be.accessible();
  });
});
