// Issue 28: the elements speak the page's language. Every element, in the states worth seeing,
// rendered in fr, ja and ar keeps none of the English strings a translation changes; the page's
// `<html lang>` changes an element's words at run time; counts use the element's language.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { render, type TemplateResult } from 'lit';
import '../../src/all.js';
import '../../src/translations/fr.js';
import '../../src/translations/ja.js';
import '../../src/translations/ar.js';
import type { Strings } from '../../src/core/i18n/en.js';
import { registerTranslation, translations } from '../../src/core/i18n/registry.js';
import { translate } from '../../src/core/i18n/translate.js';
import { counted } from '../../src/components/shared/format.js';
import { getAudioEngine } from '../../src/core/audio.js';
import type { Playlist, Track } from '../../src/core/index.js';
import { appName, demoUser, fakeHost, serviceClient, serviceUrl } from '../support/service.js';
import { playing } from '../support/playback.js';
import { waitFor } from '../support/waits.js';

/** Every text and accessible string in an element's shadow root: text, aria-label, aria-valuetext, title, placeholder, alt, SVG titles. */
function strings(el: Element): string[] {
  const found: string[] = [];
  const walker = document.createTreeWalker(el.shadowRoot!, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) found.push(node.textContent!);
    else for (const name of ['aria-label', 'aria-valuetext', 'title', 'placeholder', 'alt']) found.push((node as Element).getAttribute(name) ?? '');
  }
  return found.map((s) => s.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

/** The pieces of strings around their values (`Play {title}` → `Play`), of three letters or more. */
function pieces(strings: Array<Strings[keyof Strings]>): Set<string> {
  const found = new Set<string>();
  for (const value of strings) {
    for (const form of typeof value === 'string' ? [value] : Object.values(value!)) {
      for (const piece of (form as string).split(/\{\w+\}/)) {
        const word = piece.replace(/^[\s,.:“”()%/]+|[\s,.:“”()%/]+$/g, '');
        if (/\p{L}{3}/u.test(word)) found.add(word);
      }
    }
  }
  return found;
}

/**
 * The English words a translation into `lang` replaces: the English pieces that are none of its
 * own (French keeps `Pause`). English is the keys of a complete translation (`singular|plural` split).
 */
function englishWords(lang: string): string[] {
  const table = translations().tables[lang]!;
  const own = pieces(Object.values(table));
  return [...pieces(Object.keys(table).flatMap((key) => key.split('|')))].filter((word) => !own.has(word));
}

/** Every string value in the data an element shows (titles, names, genres, tags), longest first. */
function dataStrings(...data: unknown[]): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string' && value.length > 1) found.add(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  data.forEach(visit);
  return [...found].sort((a, b) => b.length - a.length);
}

/** The English left in `el`: every string of its shadow root, less the data, that holds a word `lang` translates. */
function englishLeft(el: Element, lang: string, data: string[]): string[] {
  const words = englishWords(lang);
  return strings(el).filter((s) => {
    const bare = data.reduce((rest, d) => rest.split(d).join(' '), s);
    return words.some((w) => new RegExp(`(^|[^\\p{L}])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(bare));
  });
}

describe('languages', () => {
  let tracks: Track[];
  let playlist: Playlist;
  let data: string[];

  before(async () => {
    const client = serviceClient();
    tracks = await client.getTrendingTracks({ time: 'allTime', limit: 10 });
    // What the trending list shows, whatever its window.
    const trending = await Promise.all((['week', 'month', 'allTime'] as const).map((time) => client.getTrendingTracks({ time, limit: 100 })));
    const lists = await client.searchPlaylists('Demo Favorites');
    playlist = lists.find((p) => p.user.id === demoUser.id && p.playlist_name === 'Demo Favorites')!;
    const [user, own, listed] = await Promise.all([client.getUser(demoUser.id), client.getUserTracks(demoUser.id), client.getPlaylistTracks(playlist.id)]);
    data = dataStrings(tracks, trending, lists, user, own, listed);
  });

  afterEach(() => {
    getAudioEngine().pause();
    document.documentElement.removeAttribute('lang');
  });

  const inLang = (lang: string, element: TemplateResult) => fixture<HTMLElement>(html`<div lang=${lang}>${element}</div>`).then((box) => box.firstElementChild as HTMLElement);
  const shown = (el: Element, part: string) => waitFor(() => el.shadowRoot!.querySelector(`[part~="${part}"]`), `[part="${part}"] in <${el.localName}>`);

  for (const lang of ['fr', 'ja', 'ar']) {
    describe(lang, () => {
      const noEnglish = async (el: Element) => {
        expect(englishLeft(el, lang, data), `English in <${el.localName}> (${lang})`).to.deep.equal([]);
        await expect(el).to.be.accessible();
      };

      it('the track card, loading, loaded, playing, missing and unreachable', async () => {
        const track = tracks[0]!;
        await noEnglish(await inLang(lang, html`<service-track-card host=${fakeHost('hang')} app-name=${appName} track-id=${track.id}></service-track-card>`));
        const card = await inLang(lang, html`<service-track-card host=${serviceUrl} app-name=${appName} track-id=${track.id}></service-track-card>`);
        await shown(card, 'card');
        await noEnglish(card);
        card.shadowRoot!.querySelector<HTMLButtonElement>('[part="play-button"]')!.click();
        await playing(track.id);
        await shown(card, 'seek');
        await noEnglish(card);
        const missing = await inLang(lang, html`<service-track-card host=${serviceUrl} app-name=${appName} track-id="zzzzzzzz"></service-track-card>`);
        await shown(missing, 'error');
        await noEnglish(missing);
        const unreachable = await inLang(lang, html`<service-track-card host=${fakeHost('drop')} app-name=${appName} track-id=${track.id}></service-track-card>`);
        await shown(unreachable, 'retry');
        await noEnglish(unreachable);
      });

      it('the trending list with its controls, the playlist and the user card', async () => {
        for (const element of [
          html`<service-trending-list host=${serviceUrl} app-name=${appName} controls></service-trending-list>`,
          html`<service-playlist host=${serviceUrl} app-name=${appName} playlist-id=${playlist.id}></service-playlist>`,
          html`<service-user-card host=${serviceUrl} app-name=${appName} user-id=${demoUser.id}></service-user-card>`,
        ]) {
          const el = await inLang(lang, element);
          await shown(el, 'item');
          await noEnglish(el);
        }
      });

      it('the audio player, idle and playing, the search and the favourite button', async () => {
        const player = await inLang(lang, html`<service-audio-player host=${serviceUrl} app-name=${appName}></service-audio-player>`);
        await shown(player, 'player');
        await noEnglish(player);
        const track = tracks[1]!;
        await getAudioEngine().play(track, { client: serviceClient() });
        await playing(track.id);
        await waitFor(() => player.shadowRoot!.querySelector('[part="title"]'), 'the player shows the track');
        await noEnglish(player);
        const search = await inLang(lang, html`<service-search host=${serviceUrl} app-name=${appName}></service-search>`);
        await shown(search, 'input');
        await noEnglish(search);
        const favorite = await inLang(lang, html`<service-favorite-button host=${serviceUrl} app-name=${appName} track-id=${track.id}></service-favorite-button>`);
        await shown(favorite, 'button');
        await noEnglish(favorite);
      });

      it('the app metrics, as a chart and as a table, and the login button, idle and busy', async () => {
        // The apps' names are data: the service's own answer, which the element shows as it is.
        const names = (await serviceClient().getAppNameMetrics('week', { limit: 10 })).map((m) => m.name).filter((name): name is string => !!name);
        for (const view of ['chart', 'table']) {
          const metrics = await inLang(lang, html`<service-app-metrics host=${serviceUrl} app-name=${appName} view=${view}></service-app-metrics>`);
          await shown(metrics, 'table');
          expect(englishLeft(metrics, lang, [...data, ...names]), `English in <service-app-metrics> (${lang}, ${view})`).to.deep.equal([]);
          await expect(metrics).to.be.accessible();
        }
        const button = await inLang(lang, html`<service-login-button host=${serviceUrl} app-name=${appName} api-key="key"></service-login-button>`);
        await shown(button, 'label');
        await noEnglish(button);
        // Busy: the status line says the login is under way (the flag a click sets, without the popup).
        (button as unknown as { busy: boolean }).busy = true;
        await waitFor(() => button.shadowRoot!.querySelector('[role="status"]')!.textContent, 'the status line');
        await noEnglish(button);
      });
    });
  }

  it('in ar with dir="rtl": artwork right of the title, next pointing left, the seek slider right to left, the chart mirrored, no axe violations', async () => {
    const track = tracks[2]!;
    const box = await fixture<HTMLElement>(html`<div lang="ar" dir="rtl">
      <service-track-card host=${serviceUrl} app-name=${appName} track-id=${track.id}></service-track-card>
      <service-audio-player host=${serviceUrl} app-name=${appName}></service-audio-player>
    </div>`);
    const [card, player] = [...box.children] as HTMLElement[];
    await shown(card!, 'card');
    const part = (el: Element, name: string) => el.shadowRoot!.querySelector(`[part~="${name}"]`)!;
    expect(part(card!, 'artwork').getBoundingClientRect().left, 'artwork right of the title').to.be.greaterThan(part(card!, 'title').getBoundingClientRect().right - 1);
    part(card!, 'play-button').dispatchEvent(new MouseEvent('click'));
    await playing(track.id);
    await shown(card!, 'seek');
    expect(getComputedStyle(part(card!, 'seek')).direction, 'the card’s slider').to.equal('rtl');
    expect(getComputedStyle(part(player!, 'seek')).direction, 'the player’s slider').to.equal('rtl');
    const mirrored = (name: string) => new DOMMatrix(getComputedStyle(part(player!, name).querySelector('svg')!).transform).a;
    expect(mirrored('next-button'), 'next drawn pointing left').to.equal(-1);
    expect(mirrored('previous-button'), 'previous drawn pointing right').to.equal(-1);
    await expect(card).to.be.accessible();
    await expect(player).to.be.accessible();
    // The chart: names on the right, counts on the left, bars growing from the right.
    const metrics = await fixture<HTMLElement>(html`<div lang="ar" dir="rtl"><service-app-metrics host=${serviceUrl} app-name=${appName}></service-app-metrics></div>`);
    const chart = metrics.firstElementChild as HTMLElement;
    await shown(chart, 'chart');
    const rect = (selector: string) => chart.shadowRoot!.querySelector(selector)!.getBoundingClientRect();
    const [whole, bar, name, count] = ['.chart', '.bar', '.name', '.count'].map(rect);
    expect(Math.abs(bar!.right - whole!.right), 'the bar starts at the right').to.be.lessThan(1);
    expect(Math.abs(name!.right - whole!.right), 'the name at the right').to.be.lessThan(2);
    expect(Math.abs(count!.left - whole!.left), 'the count at the left').to.be.lessThan(2);
    await expect(chart).to.be.accessible();
    // The user card's tabs read from the right: Left arrow is the next tab, Right the previous.
    const profile = await fixture<HTMLElement>(html`<div lang="ar" dir="rtl"><service-user-card host=${serviceUrl} app-name=${appName} user-id=${demoUser.id}></service-user-card></div>`);
    const user = profile.firstElementChild as HTMLElement;
    await shown(user, 'tab');
    const [first, second] = [...user.shadowRoot!.querySelectorAll<HTMLElement>('[role="tab"]')];
    expect(first!.getBoundingClientRect().left, 'the first tab on the right').to.be.greaterThan(second!.getBoundingClientRect().left);
    first!.focus();
    await sendKeys({ press: 'ArrowLeft' });
    await waitFor(() => user.shadowRoot!.activeElement === second, 'Left arrow moves to the second tab');
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => user.shadowRoot!.activeElement === first, 'Right arrow moves back to the first');
  });

  it('in ar, data reads in its own direction: a Latin name, @handle and title left to right inside the right-to-left card', async () => {
    const box = await fixture<HTMLElement>(html`<div lang="ar" dir="rtl"><service-user-card host=${serviceUrl} app-name=${appName} user-id=${demoUser.id}></service-user-card></div>`);
    const user = box.firstElementChild as HTMLElement;
    await shown(user, 'item-title');
    const direction = (selector: string) => getComputedStyle(user.shadowRoot!.querySelector(selector)!).direction;
    expect(direction('[part~="card"]'), 'the card').to.equal('rtl');
    // Without dir="auto" the handle would read "demo@", and a cut title would lose its start.
    expect(direction('[part="handle"]'), 'the @handle').to.equal('ltr');
    expect(direction('[part="name"]'), 'the name').to.equal('ltr');
    expect(direction('[part="item-title"]'), 'a track title').to.equal('ltr');
    expect(direction('[part="item-artist"]'), 'its artist').to.equal('ltr');
    await expect(user).to.be.accessible();
  });

  it('reads right to left from an Arabic lang alone, and a dir above wins', async () => {
    const card = await inLang('ar', html`<service-track-card host=${serviceUrl} app-name=${appName} track-id=${tracks[0]!.id}></service-track-card>`);
    await shown(card, 'card');
    expect(getComputedStyle(card).direction).to.equal('rtl');
    const ltr = await fixture<HTMLElement>(html`<div lang="ar" dir="ltr"><service-track-card host=${serviceUrl} app-name=${appName} track-id=${tracks[0]!.id}></service-track-card></div>`);
    const inner = ltr.firstElementChild as HTMLElement;
    await shown(inner, 'card');
    expect(getComputedStyle(inner).direction).to.equal('ltr');
    expect(inner.hasAttribute('dir')).to.equal(false);
    card.lang = 'fr';
    await waitFor(() => getComputedStyle(card).direction === 'ltr', 'French reads left to right');
  });

  it('follows a change of <html lang> at run time: the play button is named in the new language', async () => {
    const track = tracks[0]!;
    const card = await fixture<HTMLElement>(html`<service-track-card host=${serviceUrl} app-name=${appName} track-id=${track.id}></service-track-card>`);
    await shown(card, 'card');
    const name = () => card.shadowRoot!.querySelector('[part="play-button"]')!.getAttribute('aria-label');
    expect(name()).to.equal(`Play ${track.title}`);
    document.documentElement.lang = 'fr';
    await waitFor(() => name() === `Lire ${track.title}`, () => `the French name, not "${name()}"`);
    document.documentElement.lang = 'ja';
    await waitFor(() => name() === `${track.title}を再生`, () => `the Japanese name, not "${name()}"`);
  });

  it('counts in French as Intl.NumberFormat("fr") compact writes them, not as English does', async () => {
    const track = tracks.find((t) => t.play_count >= 1000)!;
    expect(track, 'a track played 1,000 times or more').to.exist;
    const card = await inLang('fr', html`<service-track-card host=${serviceUrl} app-name=${appName} track-id=${track.id}></service-track-card>`);
    await shown(card, 'stats');
    const seen = [...card.shadowRoot!.querySelectorAll('[part="stats"] [aria-hidden="true"]:not(svg)')].map((s) => s.textContent);
    const fr = new Intl.NumberFormat('fr', { notation: 'compact', maximumFractionDigits: 1 });
    expect(seen).to.deep.equal([track.play_count, track.favorite_count, track.repost_count].map((n) => fr.format(n)));
    expect(seen[0]).not.to.equal(new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }).format(track.play_count));
  });

  it('writes a count in <strong> within its words, and a form that spells its number out (Arabic one album) as its words alone', () => {
    const key = '{n} album|{n} albums';
    const box = document.createElement('div');
    const shown = (lang: string, n: number) => {
      render(counted((k, params) => translate(lang, k, params), key, n, lang), box);
      return [box.textContent, box.querySelector('strong')?.textContent];
    };
    expect(shown('ar', 1), 'one album: words alone').to.deep.equal(['ألبوم واحد', undefined]);
    // Arabic's digits are the engine's choice (WebKit writes ١٢, Chromium 12): Intl's own.
    expect(shown('ar', 12)).to.deep.equal([translate('ar', key, { n: 12 }), new Intl.NumberFormat('ar', { notation: 'compact', maximumFractionDigits: 1 }).format(12)]);
    expect(shown('en', 1)).to.deep.equal(['1 album', '1']);
    expect(shown('fr', 1500)).to.deep.equal([translate('fr', key, { n: 1500 }), new Intl.NumberFormat('fr', { notation: 'compact', maximumFractionDigits: 1 }).format(1500)]);
  });

  it('takes a translation registered after the element, and falls back from pt-BR to pt to English', async () => {
    const track = tracks[0]!;
    const card = await inLang('pt-BR', html`<service-track-card host=${serviceUrl} app-name=${appName} track-id=${track.id}></service-track-card>`);
    await shown(card, 'card');
    const text = (part: string) => card.shadowRoot!.querySelector(`[part="${part}"]`)!;
    expect(text('play-button').getAttribute('aria-label')).to.equal(`Play ${track.title}`);
    registerTranslation('pt', { 'Play {title}': 'Reproduzir {title}', '{title} by {artist}': '{title} de {artist}' });
    registerTranslation('pt-BR', { 'Play {title}': 'Tocar {title}' });
    await waitFor(() => text('play-button').getAttribute('aria-label') === `Tocar ${track.title}`, 'pt-BR’s own string');
    expect(text('card').getAttribute('aria-label'), 'pt for what pt-BR lacks').to.equal(`${track.title} de ${track.user.name}`);
    expect(text('stats').querySelector('.visually-hidden')!.textContent, 'English for what both lack').to.match(/ plays?$/);
  });
});
