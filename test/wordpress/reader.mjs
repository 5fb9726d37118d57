// What a reader of a WordPress post sees of the service's embed, in Chromium: the frame is there,
// fits the post's column (no sideways scroll, nothing cut), carries no sandbox, and plays. Each
// wait waits for the thing itself and names it when it gives up.
const WAIT = 60_000;

/** Every frame of the page: the media elements that were asked to play, so the check can see one play. */
export const RECORD_MEDIA = `(() => {
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (...args) {
    (window.__serviceMedia ??= new Set()).add(this);
    return play.apply(this, args);
  };
})();`;

/** The attributes of the service's oEmbed frame, which the plugin keeps and nothing else. */
const FRAME_ATTRIBUTES = ['src', 'width', 'height', 'style', 'allow', 'loading', 'title'];

/** How to start each kind of embed playing, and how its button says it plays. */
const PLAY = {
  track: { tag: 'service-track-card', button: '[part~="play-button"]' },
  playlist: { tag: 'service-playlist', button: '[part~="play-all"]' },
  user: { tag: 'service-user-card', button: '[part~="item-play"]' },
};

async function until(what, promise) {
  try {
    return await promise;
  } catch (error) {
    throw new Error(`gave up waiting for ${what}: ${error.message.split('\n')[0]}`);
  }
}

/**
 * Opens a post at a viewport `width` and checks its embed of `kind` (track, playlist, user).
 * Resolves to what the reader saw; throws when a check fails.
 */
export async function readPost(browser, postUrl, { width, kind }) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
  await context.addInitScript(RECORD_MEDIA);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(postUrl, { waitUntil: 'load', timeout: WAIT });
    const frameElement = page.locator('iframe[src*="/embed/"]');
    await until('the embed\'s iframe in the post', frameElement.first().waitFor({ state: 'attached', timeout: WAIT }));
    const count = await frameElement.count();
    if (count !== 1) throw new Error(`expected one embed frame in the post, found ${count}`);
    await frameElement.scrollIntoViewIfNeeded({ timeout: WAIT }); // a lazy frame loads once it is near the viewport
    const frame = await frameElement.elementHandle().then((handle) => handle.contentFrame());
    const { tag, button } = PLAY[kind];
    await until(`${tag} to be drawn in the frame`, frame.locator(`${tag} ${button}`).first().waitFor({ state: 'visible', timeout: WAIT }));

    const layout = await frameElement.evaluate((iframe) => {
      // The column: the post content's child that holds the frame (a block theme constrains each child to the content width).
      let column = iframe;
      while (column.parentElement && !column.parentElement.matches('.wp-block-post-content, .entry-content, body')) column = column.parentElement;
      const box = iframe.getBoundingClientRect();
      const col = column.getBoundingClientRect();
      const root = document.documentElement;
      return {
        attributes: Object.fromEntries([...iframe.attributes].map((a) => [a.name, a.value])),
        frame: { left: box.left, right: box.right, width: box.width, height: box.height },
        column: { left: col.left, right: col.right, width: col.width },
        viewport: root.clientWidth,
        pageScrollWidth: root.scrollWidth,
      };
    });
    const inner = await frame.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));

    const problems = [];
    const { frame: box, column, viewport } = layout;
    if ('sandbox' in layout.attributes) problems.push(`sandbox="${layout.attributes.sandbox}"`);
    if ('security' in layout.attributes) problems.push(`security="${layout.attributes.security}"`);
    if (layout.attributes.loading !== 'lazy') problems.push(`loading=${layout.attributes.loading ?? '(none)'}`);
    if (!/\bautoplay\b/.test(layout.attributes.allow ?? '')) problems.push(`allow=${layout.attributes.allow ?? '(none)'}`);
    const extra = Object.keys(layout.attributes).filter((name) => !FRAME_ATTRIBUTES.includes(name));
    if (extra.length) problems.push(`attributes the service did not send: ${extra.join(', ')}`);
    if (layout.pageScrollWidth > viewport) problems.push(`the page scrolls sideways (${layout.pageScrollWidth} > ${viewport} px)`);
    if (box.left < column.left - 0.5 || box.right > column.right + 0.5) problems.push(`the frame (${box.left}–${box.right}) leaves the column (${column.left}–${column.right})`);
    if (box.left < 0 || box.right > viewport + 0.5) problems.push(`the frame (${box.left}–${box.right}) leaves the viewport (0–${viewport})`);
    if (Math.abs(box.height - Number(layout.attributes.height)) > 0.5) problems.push(`the frame is ${box.height} px high, not its ${layout.attributes.height}`);
    if (inner.scrollWidth > inner.clientWidth) problems.push(`the embed is cut: ${inner.scrollWidth} px of content in a ${inner.clientWidth} px frame`);
    if (problems.length) throw new Error(`at ${width} px: ${problems.join('; ')}`);

    await frame.locator(`${tag} ${button}`).first().click({ timeout: WAIT });
    await until('the embed\'s audio to play after its Play', frame.waitForFunction(
      () => [...(window.__serviceMedia ?? [])].some((media) => !media.paused && media.currentTime > 0 && media.readyState >= 2),
      undefined, { timeout: WAIT, polling: 100 },
    ));
    // The track playing, as the embed's own Pause button names it.
    const pause = await until('a Pause button in the embed', frame.waitForFunction(
      (tag) => document.querySelector(tag)?.shadowRoot?.querySelector('[aria-label^="Pause "]')?.getAttribute('aria-label'),
      tag, { timeout: WAIT, polling: 100 },
    ));
    const title = (await pause.jsonValue()).replace(/^Pause /, '');
    const playing = await frame.evaluate(() => [...window.__serviceMedia].find((media) => !media.paused).currentTime);
    if (errors.length) throw new Error(`errors on the page: ${errors.join('; ')}`);
    return {
      frame: `${Math.round(box.width)}×${Math.round(box.height)}`,
      column: Math.round(column.width),
      played: `"${title}" at ${playing.toFixed(2)} s`,
    };
  } finally {
    await context.close();
  }
}
