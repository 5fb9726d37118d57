// Issue 37: what a pasted link shows. The unfurling libraries that chats, feeds and CMSs use
// (open-graph-scraper, metascraper, @extractus/oembed-extractor by discovery, unfurl.js) read a
// real service's public pages for a track, a playlist, an album and a user; each must report a
// title, a description and a raster image that loads at its stated size; what plays has a player
// card and the track an og:audio that answers audio/mpeg; the JSON-LD names the item.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ogs from 'open-graph-scraper';
import createMetascraper from 'metascraper';
import metascraperTitle from 'metascraper-title';
import metascraperDescription from 'metascraper-description';
import metascraperImage from 'metascraper-image';
import metascraperUrl from 'metascraper-url';
import { extract as extractOembed } from '@extractus/oembed-extractor';
import { unfurl } from 'unfurl.js';
import sharp from 'sharp';
import { startService, type RunningService } from '../../server/service.js';
import { FRAME_SIZES } from '../../server/embed/document.js';

type Kind = 'track' | 'playlist' | 'album' | 'user';
interface Item { kind: Kind; id: string; name: string; url: string }

let service: RunningService;
let dataDir: string;
const items = {} as Record<Kind, Item>;
const metascraper = createMetascraper([metascraperTitle(), metascraperDescription(), metascraperImage(), metascraperUrl()]);

const api = async <T>(path: string): Promise<T> =>
  ((await (await fetch(`${service.url}/v1${path}${path.includes('?') ? '&' : '?'}app_name=link-previews-test`)).json()) as { data: T }).data;

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'service-link-previews-'));
  service = await startService({ port: 0, dataDir });
  type Listed = { id: string; permalink: string; user: { id: string; handle: string; name: string } };
  const [track] = await api<Array<Listed & { title: string }>>('/tracks/trending?limit=1');
  const lists = await api<Array<Listed & { playlist_name: string; is_album: boolean }>>('/playlists/search?query=a&limit=50');
  const playlist = lists.find((p) => !p.is_album)!;
  const album = lists.find((p) => p.is_album)!;
  items.track = { kind: 'track', id: track!.id, name: `${track!.title} by ${track!.user.name}`, url: service.url + track!.permalink };
  items.playlist = { kind: 'playlist', id: playlist.id, name: `${playlist.playlist_name} by ${playlist.user.name}`, url: service.url + playlist.permalink };
  items.album = { kind: 'album', id: album.id, name: `${album.playlist_name} by ${album.user.name}`, url: service.url + album.permalink };
  items.user = { kind: 'user', id: track!.user.id, name: track!.user.name, url: `${service.url}/${track!.user.handle}` };
});

after(async () => {
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** What every library reports for one public page. */
async function readAll(url: string) {
  const { result: og, error } = await ogs({ url });
  assert.equal(error, false, `open-graph-scraper read ${url}`);
  const html = await (await fetch(url)).text();
  const meta = await metascraper({ html, url });
  const oembed = await extractOembed(url);
  const unfurled = await unfurl(url);
  return { og, meta, oembed, unfurled };
}

/** Fetches an image a preview names: a JPEG or PNG, at its stated size when one is stated. */
async function assertImageLoads(url: string | undefined, stated: { width?: number; height?: number }, who: string) {
  assert.ok(url, `${who}: an image`);
  const res = await fetch(url);
  assert.equal(res.status, 200, `${who}: ${url} answers ${res.status}`);
  assert.match(res.headers.get('content-type') ?? '', /^image\/(jpeg|png)$/, `${who}: a raster image`);
  const { width, height, format } = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  assert.ok(format === 'jpeg' || format === 'png', `${who}: decodes as ${format}`);
  if (stated.width) assert.equal(width, stated.width, `${who}: width as stated`);
  if (stated.height) assert.equal(height, stated.height, `${who}: height as stated`);
}

/** Mastodon's FetchLinkCardService: a `rich` oEmbed answer is dropped (its html would run scripts); the card comes from Open Graph. */
function mastodonCard(oembed: { type?: string; title?: string; thumbnail_url?: string }, og: { ogTitle?: string; ogDescription?: string; ogImage?: Array<{ url: string }> }) {
  if (oembed.type === 'photo' || oembed.type === 'link' || oembed.type === 'video') return { from: 'oembed', title: oembed.title, image: oembed.thumbnail_url };
  return { from: 'opengraph', title: og.ogTitle, description: og.ogDescription, image: og.ogImage?.[0]?.url };
}

const EXPECTED_TYPE: Record<Kind, { og: string; ld: string; card: string }> = {
  track: { og: 'music.song', ld: 'MusicRecording', card: 'player' },
  playlist: { og: 'music.playlist', ld: 'MusicPlaylist', card: 'player' },
  album: { og: 'music.album', ld: 'MusicAlbum', card: 'player' },
  user: { og: 'profile', ld: 'MusicGroup', card: 'summary' },
};

describe('a pasted link, as the unfurling libraries read it', { timeout: 120_000 }, () => {
  for (const kind of ['track', 'playlist', 'album', 'user'] as const) {
    test(`a ${kind}: title, description, a raster image that loads, its card and structured data`, async (t) => {
      const item = items[kind];
      const { og, meta, oembed, unfurled } = await readAll(item.url);
      const expected = EXPECTED_TYPE[kind];

      // Titles and descriptions, library by library.
      for (const [who, title] of [['open-graph-scraper', og.ogTitle], ['metascraper', meta.title], ['oembed-extractor', oembed.title], ['unfurl.js', unfurled.open_graph?.title]] as const) {
        assert.equal(title, item.name, `${who}'s title`);
      }
      for (const [who, description] of [['open-graph-scraper', og.ogDescription], ['metascraper', meta.description], ['unfurl.js', unfurled.open_graph?.description]] as const) {
        assert.ok(description && description.length > 10, `${who}'s description: ${description}`);
      }
      assert.equal(og.ogType, expected.og);
      assert.equal(og.ogUrl, item.url);
      assert.equal(unfurled.canonical_url, item.url);

      // Images: the share image at its stated size, and oEmbed's thumbnail at its own.
      const ogImage = og.ogImage?.[0];
      assert.equal(ogImage?.type, 'image/jpeg');
      assert.ok(ogImage?.alt, 'the image has its alternative text');
      await assertImageLoads(ogImage?.url, { width: Number(ogImage?.width), height: Number(ogImage?.height) }, 'open-graph-scraper');
      assert.deepEqual([ogImage?.width, ogImage?.height], ['1200', '630']);
      assert.equal(meta.image, ogImage?.url, 'metascraper takes the share image');
      const unfurledImage = unfurled.open_graph?.images?.[0];
      await assertImageLoads(unfurledImage?.url, { width: unfurledImage?.width, height: unfurledImage?.height }, 'unfurl.js');
      const thumbnail = oembed as { thumbnail_url?: string; thumbnail_width?: number; thumbnail_height?: number };
      await assertImageLoads(thumbnail.thumbnail_url, { width: thumbnail.thumbnail_width, height: thumbnail.thumbnail_height }, 'oembed-extractor');
      await assertImageLoads(og.twitterImage?.[0]?.url, {}, 'twitter:image');

      // The card: a player for what plays (its page frames the element at the stated size), a summary for a user.
      assert.equal(og.twitterCard, expected.card);
      assert.equal(unfurled.twitter_card?.card, expected.card);
      if (kind !== 'user') {
        const player = unfurled.twitter_card.players?.[0];
        const frame = FRAME_SIZES[kind === 'album' ? 'playlist' : kind].card;
        assert.deepEqual([player?.width, player?.height], [frame.width, frame.height]);
        const page = await fetch(player!.url);
        assert.equal(page.status, 200);
        assert.match(page.headers.get('content-security-policy') ?? '', /frame-ancestors \*/);
        const html = await page.text();
        assert.match(html, new RegExp(`<service-(track-card|playlist)[^>]*(track|playlist)-id="${item.id}"`), 'the player page shows the item');
        assert.match(html, /<body [^>]*data-kit="\/embed\/kit\.[\w-]+\.js"/, 'and loads the kit that plays it (on intent)');
      }

      // The audio: a stream that plays as is.
      if (kind === 'track') {
        assert.equal(og.ogAudioType, 'audio/mpeg');
        assert.equal(unfurled.open_graph?.audio?.[0]?.url, og.ogAudio);
        const audio = await fetch(og.ogAudio!, { method: 'HEAD' });
        assert.equal(audio.status, 200);
        assert.equal(audio.headers.get('content-type'), 'audio/mpeg');
        assert.ok(Number(audio.headers.get('content-length')) > 10_000, 'a whole file');
      }

      // Structured data, as open-graph-scraper collects it.
      const ld = og.jsonLD?.[0] as Record<string, unknown> & { byArtist?: { name: string }; author?: { name: string } };
      assert.equal(ld?.['@type'], expected.ld);
      assert.equal(ld.url, item.url);
      assert.equal(ld.image, ogImage?.url);
      assert.ok(typeof ld.name === 'string' && item.name.startsWith(ld.name), `JSON-LD name ${ld.name}`);
      if (kind !== 'user') {
        assert.match(String(ld.duration), /^PT(\d+H)?(\d+M)?(\d+S)?$/, 'an ISO 8601 duration');
        assert.ok((ld.byArtist ?? ld.author)?.name, 'the artist');
      }

      // oEmbed by discovery: rich, the same title, the frame at its size.
      assert.equal(oembed.type, 'rich');
      assert.equal((oembed as { method?: string }).method, 'auto-discovery');

      // What a Mastodon-, X- and Slack-like consumer would build, for the closing note.
      const x = { card: og.twitterCard, title: og.twitterTitle, image: og.twitterImage?.[0]?.url, player: og.twitterPlayer?.[0] };
      const slack = { site: og.ogSiteName, title: og.ogTitle, text: og.ogDescription, image: ogImage?.url, player: unfurled.twitter_card.players?.[0]?.url };
      t.diagnostic(JSON.stringify({ kind, mastodon: mastodonCard(oembed, og), x, slack }));
    });
  }

  test('Mastodon\'s rule: a rich oEmbed answer is dropped, so the card comes from Open Graph, with its title, description and image', async () => {
    for (const item of Object.values(items)) {
      const { og, oembed } = await readAll(item.url);
      assert.equal(oembed.type, 'rich', `${item.kind}: the service answers rich`);
      const card = mastodonCard(oembed, og);
      assert.equal(card.from, 'opengraph', `${item.kind}: Mastodon drops the rich answer`);
      assert.equal(card.title, item.name);
      assert.ok(card.description, `${item.kind}: a description`);
      await assertImageLoads(card.image, { width: 1200, height: 630 }, `${item.kind}: Mastodon's card image`);
    }
  });
});
