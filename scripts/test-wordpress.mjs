// npm run test:wordpress: the WordPress plugin in integrations/wordpress/ on a real WordPress
// (Debian's 6.1, MariaDB, `php -S`; see test/wordpress/site.mjs) against the reference service.
// An Author and an Administrator each publish a pasted track URL, playlist URL and user URL (as
// the block editor saves a pasted URL: an embed block), the plugin's block and its shortcode;
// each post is read in Chromium at 1280 px and at a 390 px phone width (test/wordpress/reader.mjs).
// Also: what an Author's and a Contributor's posts keep on save; a control post on a host the
// plugin is not set for (WordPress's sandboxed frame, which the checks must catch); the block's
// preview in the editor; failed lookups cleared from the settings page (an Author refused) and by
// a change of the hosts; uninstalling. Prints a table of what the reader saw, and the run's time.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { startService } from '../test/support/start-service.mjs';
import { CHROMIUM_ARGS } from '../test/frameworks/app-check.mjs';
import { freePort, makeTree, runPhp, startMariaDB, startPhp } from '../test/wordpress/site.mjs';
import { readPost } from '../test/wordpress/reader.mjs';

const ROOT = join(import.meta.dirname, '..');
const HERE = join(ROOT, 'test/wordpress');
const APP = 'wordpress-test';
const WIDTHS = [1280, 390];
const ROLES = ['author', 'administrator'];
const CONTROL = 'control: pasted track URL on a host the plugin is not set for';
const CLEARED = 'pasted track URL, failed lookup cleared on the settings page';
const REHOSTED = 'pasted track URL, failed lookup cleared by a change of the hosts';
const CUSTOM_HTML = 'Custom HTML block: the element and its script';
/** Posts with the embed's options (read for their frame's URL alone), and the frame's query each must give. */
const OPTIONS = {
  'shortcode (track) with every option': ['track', '?size=card&autoplay=1&t=90&color=ff5500&artwork=0&stats=0&user=0&share=0&download=0&single=0'],
  'block (playlist) with options': ['playlist', '?size=card&autoplay=1&t=90&start_track=2&color=ff5500&artwork=0'],
  'shortcode (track) with values not taken': ['track', '?size=card'],
};
const EXTRA = [CONTROL, CLEARED, REHOSTED, CUSTOM_HTML, ...Object.keys(OPTIONS)];
const log = (line) => process.stdout.write(`${line}\n`);
const began = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

let dir;
let service;
let database;
let php;
let browser;
let siteUrl;
let posts = [];
let urls;
let contents;
let wpEnv;
const seen = [];

/** The block editor's markup for a pasted URL it turned into an embed. */
const pasted = (url) => `<!-- wp:embed {"url":"${url}","type":"rich","providerNameSlug":"music-service"} -->
<figure class="wp-block-embed is-type-rich is-provider-music-service wp-block-embed-music-service"><div class="wp-block-embed__wrapper">
${url}
</div></figure>
<!-- /wp:embed -->`;

const api = async (path) => {
  const answer = await fetch(`${service.url}/v1${path}${path.includes('?') ? '&' : '?'}app_name=${APP}`);
  if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
  return (await answer.json()).data;
};

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'service-wordpress-'));
  let started = Date.now();
  service = await startService({ dataDir: join(ROOT, '.data-test/wordpress') });
  const [track] = await api('/tracks/trending?limit=1');
  const [playlist] = await api('/playlists/search?query=a&limit=1');
  const user = await api(`/users/${track.user.id}`);
  urls = { track: service.url + track.permalink, playlist: service.url + playlist.permalink, user: `${service.url}/${user.handle}` };
  log(`reference service at ${service.url} in ${seconds(started)}`);

  started = Date.now();
  database = await startMariaDB(dir);
  const port = await freePort();
  siteUrl = `http://127.0.0.1:${port}`;
  const root = makeTree(dir, { plugin: join(ROOT, 'integrations/wordpress'), muPlugin: join(HERE, 'mu-plugin.php'), dbHost: database.host, url: siteUrl });
  php = await startPhp(root, port);
  contents = {
    'pasted track URL': pasted(urls.track),
    'pasted playlist URL': pasted(urls.playlist),
    'pasted user URL': pasted(urls.user),
    'block (track, compact, dark)': `<!-- wp:service-embed/embed {"url":"${urls.track}","size":"compact","theme":"dark"} /-->`,
    'shortcode (playlist, card)': `[service_embed url="${urls.playlist}" size="card"]`,
  };
  const kinds = { 'pasted track URL': 'track', 'pasted playlist URL': 'playlist', 'pasted user URL': 'user', 'block (track, compact, dark)': 'track', 'shortcode (playlist, card)': 'playlist' };
  const wanted = ROLES.flatMap((role) => Object.entries(contents).map(([kind, content]) => ({ kind, role, content })));
  // The control: the same track on a host the plugin is not set for, found by WordPress's discovery alone.
  wanted.push({ kind: CONTROL, role: 'author', content: pasted(urls.track.replace('127.0.0.1', 'localhost')) });
  kinds[CONTROL] = 'track';
  contents[CONTROL] = wanted.at(-1).content;
  // Not rendered: what WordPress keeps of each on save, for an Author, a Contributor and an Administrator.
  const element = `<!-- wp:html -->\n<service-track-card track-id="${track.id}" app-name="${APP}" host="${service.url}"></service-track-card>\n<script type="module" src="${service.url}/embed/kit.js"></script>\n<!-- /wp:html -->`;
  for (const role of ['author', 'contributor', 'administrator']) wanted.push({ kind: CUSTOM_HTML, role, content: element });
  for (const role of ['contributor']) for (const kind of ['block (track, compact, dark)', 'shortcode (playlist, card)']) wanted.push({ kind, role, content: contents[kind] });
  contents[CUSTOM_HTML] = element;
  for (const kind of [CLEARED, REHOSTED]) {
    wanted.push({ kind, role: 'author', content: pasted(urls.track) });
    kinds[kind] = 'track';
    contents[kind] = pasted(urls.track);
  }
  const optionContents = [
    `[service_embed url="${urls.track}" autoplay="1" t="1:30" color="#FF5500" artwork="0" stats="no" user="0" share="off" download="false" single="0"]`,
    `<!-- wp:service-embed/embed {"url":"${urls.playlist}","autoplay":true,"t":"1m30s","start_track":"2","color":"f50","artwork":false} /-->`,
    `[service_embed url="${urls.track}" autoplay="maybe" t="1:99" start_track="0" color="red;}body{x" artwork="hide" single="1"]`,
  ];
  for (const [i, [kind, [embed]]] of Object.entries(OPTIONS).entries()) {
    wanted.push({ kind, role: 'author', content: optionContents[i] });
    kinds[kind] = embed;
    contents[kind] = optionContents[i];
  }
  wpEnv = { WP_ROOT: root, WP_URL: siteUrl };
  ({ posts } = runPhp(join(HERE, 'setup.php'), {
    WP_ROOT: root, WP_URL: siteUrl, DB_HOST: database.host, SERVICE_HOST: new URL(service.url).host, POSTS: JSON.stringify(wanted),
  }));
  for (const post of posts) {
    post.embed = kinds[post.kind];
    post.asked = contents[post.kind];
  }
  log(`WordPress 6.1 on MariaDB and php -S at ${siteUrl}, installed with the plugin and ${posts.length} posts in ${seconds(started)}`);
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
});

after(async () => {
  await browser?.close();
  await php?.stop();
  await database?.stop();
  await service?.stop();
  if (seen.length) {
    log('\n| post | role | width | what the reader saw |\n|---|---|---|---|');
    for (const row of seen) log(`| ${row.kind} | ${row.role} | ${row.width} | ${row.saw} |`);
  }
  log(`\ntest:wordpress took ${seconds(began)} in all`);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the block and the shortcode are saved as written by an Author and a Contributor; a Custom HTML element and script only by an Administrator', () => {
  const saved = (kind, role) => posts.find((post) => post.kind === kind && post.role === role);
  for (const role of ['author', 'contributor']) {
    assert.equal(saved(CUSTOM_HTML, role).can_unfiltered_html, false, `the ${role} has no unfiltered_html`);
    for (const kind of ['block (track, compact, dark)', 'shortcode (playlist, card)', 'pasted track URL']) {
      const post = saved(kind, role);
      if (post) assert.equal(post.content, post.asked, `${kind} by the ${role}: saved as written`);
    }
    const html = saved(CUSTOM_HTML, role).content;
    assert.doesNotMatch(html, /<service-track-card|<script/, `the ${role}'s element and script are removed on save`);
    seen.push({ kind: CUSTOM_HTML, role, width: '–', saw: 'nothing: WordPress removed the element and the script on save (no unfiltered_html)' });
  }
  assert.equal(saved(CUSTOM_HTML, 'administrator').content, contents[CUSTOM_HTML], 'an Administrator\'s Custom HTML is kept');
});

for (const role of ROLES) {
  for (const width of WIDTHS) {
    test(`${role}'s posts at ${width} px: the embed is there, fits its column, has no sandbox, and plays`, { timeout: 10 * 60_000 }, async () => {
      const failures = [];
      for (const post of posts.filter((p) => p.role === role && !EXTRA.includes(p.kind))) {
        const started = Date.now();
        try {
          const saw = await readPost(browser, `${siteUrl}/?p=${post.id}`, { width, kind: post.embed });
          seen.push({ kind: post.kind, role, width, saw: `${saw.frame} frame in a ${saw.column} px column, no sandbox, no sideways scroll; played ${saw.played}` });
          log(`  ${post.kind}: ${saw.frame} in ${saw.column} px, played ${saw.played} (${seconds(started)})`);
        } catch (error) {
          seen.push({ kind: post.kind, role, width, saw: `FAILED: ${error.message}` });
          failures.push(`${post.kind}: ${error.message}`);
        }
      }
      assert.deepEqual(failures, []);
    });
  }
}

test('the block and the shortcode pass the player options on to the frame; values not taken are left out', async () => {
  for (const [kind, [, query]] of Object.entries(OPTIONS)) {
    const post = posts.find((p) => p.kind === kind);
    const html = await (await fetch(`${siteUrl}/?p=${post.id}`)).text();
    const src = /<iframe[^>]* src="([^"]+)"/.exec(html)?.[1];
    assert.ok(src, `${kind}: a frame in the post`);
    assert.equal(new URL(src.replaceAll('&#038;', '&').replaceAll('&amp;', '&')).search, query, kind);
    seen.push({ kind, role: 'author', width: '–', saw: `the frame ${query}` });
  }
});

test('the control: without the plugin covering the host, WordPress sandboxes the frame and it sticks out of a phone\'s column', async () => {
  const post = posts.find((p) => p.kind === CONTROL);
  const problem = await readPost(browser, `${siteUrl}/?p=${post.id}`, { width: 390, kind: 'track' }).then(
    () => undefined,
    (error) => error.message,
  );
  seen.push({ kind: CONTROL, role: 'author', width: 390, saw: problem ?? 'no problem found' });
  log(`  ${problem}`);
  assert.match(problem ?? '', /sandbox="allow-scripts"/);
  assert.match(problem ?? '', /security="restricted"/);
  assert.match(problem ?? '', /scrolls sideways|leaves the column/);
});

/** A browser context signed in as `user`. */
async function signedIn(user, password) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${siteUrl}/wp-login.php`, { waitUntil: 'load' });
  await page.fill('#user_login', user);
  await page.fill('#user_pass', password);
  await Promise.all([page.waitForURL(/\/wp-admin\//, { timeout: 60_000 }), page.click('#wp-submit')]);
  return { context, page };
}

/** Shows a post once while the service is unreachable; then a reader sees the bare link, as WordPress cached the failure. */
async function failLookup(post) {
  const { failures } = runPhp(join(HERE, 'fail-lookup.php'), { ...wpEnv, POST_ID: String(post.id) });
  assert.equal(failures, 1, 'WordPress cached the failed lookup');
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${siteUrl}/?p=${post.id}`, { waitUntil: 'load' });
    assert.equal(await page.locator('iframe[src*="/embed/"]').count(), 0, 'no frame while the failure is cached');
    assert.match(await page.locator('.wp-block-post-content').innerText(), new RegExp(`^${service.url}/`, 'm'), 'the bare URL instead');
  } finally {
    await context.close();
  }
}

/** Reads `post` at 390 px and adds the row to the table. */
async function readAndRecord(post) {
  const saw = await readPost(browser, `${siteUrl}/?p=${post.id}`, { width: 390, kind: 'track' });
  seen.push({ kind: post.kind, role: post.role, width: 390, saw: `the bare URL while the failure was cached; then ${saw.frame} frame in a ${saw.column} px column, no sandbox; played ${saw.played}` });
}

test('the block editor: an Author adds the block, and its preview is the server\'s frame, following the size picked', async () => {
  const { context, page } = await signedIn('author', 'author-password-1');
  try {
    await page.goto(`${siteUrl}/wp-admin/post-new.php`, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForFunction(() => window.wp?.blocks?.getBlockType?.('service-embed/embed') && window.wp.data.select('core/block-editor'), undefined, { timeout: 120_000, polling: 100 });
    const clientId = await page.evaluate((url) => {
      const block = window.wp.blocks.createBlock('service-embed/embed', { url });
      window.wp.data.dispatch('core/block-editor').insertBlocks(block);
      return block.clientId;
    }, urls.track);
    const frameOf = (size) => page.waitForFunction(
      (size) => document.querySelector(`.wp-block-service-embed-embed iframe[src*="/embed/track/"][src*="size=${size}"]`)?.getAttribute('height'),
      size, { timeout: 60_000, polling: 100 },
    ).then((handle) => handle.jsonValue());
    const card = await frameOf('card');
    await page.evaluate((id) => window.wp.data.dispatch('core/block-editor').updateBlockAttributes(id, { size: 'tiny' }), clientId);
    const tiny = await frameOf('tiny');
    // The heights the service's own oEmbed answers give for the two sizes.
    const heightOf = async (size) => String((await (await fetch(`${service.url}/oembed?url=${encodeURIComponent(urls.track)}&size=${size}`)).json()).height);
    assert.deepEqual([card, tiny], [await heightOf('card'), await heightOf('tiny')], 'the preview is the card\'s frame, then the tiny one\'s');
    seen.push({ kind: 'block in the editor (preview)', role: 'author', width: 1280, saw: `the server's frame, ${card} px high for card, ${tiny} px once tiny was picked` });
  } finally {
    await context.close();
  }
});

test('a failed lookup sticks until an Administrator clears it on the settings page; an Author may not', async () => {
  const post = posts.find((p) => p.kind === CLEARED);
  await failLookup(post);

  const author = await signedIn('author', 'author-password-1');
  try {
    const settings = await author.page.goto(`${siteUrl}/wp-admin/options-general.php?page=service-embed`);
    assert.equal(settings.status(), 403, 'an Author cannot open the settings page');
    const clear = await author.page.goto(`${siteUrl}/wp-admin/admin-post.php?action=service_embed_clear`);
    assert.equal(clear.status(), 403, 'an Author cannot clear');
  } finally {
    await author.context.close();
  }

  const admin = await signedIn('admin', 'admin-password-1');
  try {
    await admin.page.goto(`${siteUrl}/wp-admin/options-general.php?page=service-embed`, { waitUntil: 'load' });
    await Promise.all([admin.page.waitForURL(/service-embed-cleared=/), admin.page.click('input[type="submit"][value="Clear failed lookups"]')]);
    assert.equal((await admin.page.locator('.notice-success p').innerText()).trim(), '1 failed lookup cleared.');
  } finally {
    await admin.context.close();
  }
  await readAndRecord(post);
});

/** The control's host: the service's, by another name. */
const controlHost = () => `localhost:${new URL(service.url).port}`;

test('changing the hosts on the settings page clears the failed lookups, and a newly added host\'s sandboxed frames', async () => {
  const post = posts.find((p) => p.kind === REHOSTED);
  await failLookup(post);
  const admin = await signedIn('admin', 'admin-password-1');
  try {
    await admin.page.goto(`${siteUrl}/wp-admin/options-general.php?page=service-embed`, { waitUntil: 'load' });
    const hosts = admin.page.locator('#service-embed-hosts');
    // The control's host too: its post was embedded, sandboxed, before the host was trusted.
    await hosts.fill(`${await hosts.inputValue()}\nhttps://music.example/\n${controlHost()}`);
    await Promise.all([admin.page.waitForURL(/settings-updated=true/), admin.page.click('#submit')]);
    assert.equal(await admin.page.locator('#service-embed-hosts').inputValue(), `${new URL(service.url).host}\nmusic.example\n${controlHost()}`);
  } finally {
    await admin.context.close();
  }
  await readAndRecord(post);
  const control = posts.find((p) => p.kind === CONTROL);
  const saw = await readPost(browser, `${siteUrl}/?p=${control.id}`, { width: 390, kind: 'track' });
  seen.push({ kind: `${CONTROL}, once the host is added`, role: 'author', width: 390, saw: `${saw.frame} frame in a ${saw.column} px column, no sandbox; played ${saw.played}` });
});

test('uninstalling removes the plugin\'s options', () => {
  const { before, after } = runPhp(join(HERE, 'uninstall-check.php'), wpEnv);
  assert.equal(before.service_embed_hosts, `${new URL(service.url).host}\nmusic.example\n${controlHost()}`, 'the hosts as the settings page saved them');
  assert.deepEqual(after, { service_embed_hosts: false, service_embed_endpoint: false });
});

test('WordPress logged no error, warning or notice from the plugin', () => {
  let text = '';
  try {
    text = readFileSync(join(dir, 'debug.log'), 'utf8');
  } catch {
    // no log: nothing was reported
  }
  // WordPress 6.1's own deprecations under PHP 8.2 are WordPress's; the plugin's lines name its folder.
  const ours = text.split('\n').filter((line) => /plugins\/service-embed|mu-plugins/.test(line));
  assert.deepEqual(ours, []);
});
