// Issue 28: the sign-in, consent, error and grants pages speak the `lang` the kit sends, else the
// browser's Accept-Language, in the languages the kit ships; the answer to the app is unchanged.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_APP } from '../../server/auth/store/apps.js';
import { DEMO_ACCOUNT } from '../../server/auth/store/accounts.js';
import { acceptedLang, namedLang, SHIPPED_LANGS } from '../../server/languages.js';
import { AUTH_LANGS, authWords, type AuthLang, type WordKey } from '../../server/auth/pages/words.js';
import { authService, authUrl, Browser, formFields, loginParams, type AuthService } from './auth-fixture.js';
import { authorizeUrl, codeParams, exchange, outcomeOf, pkce, REDIRECT } from './oauth-fixture.js';

let service: AuthService;
before(async () => {
  // A fixed clock: a lock lasts exactly its first delay, 30 s, and nothing waits for it.
  const now = () => 1_700_000_000_000;
  service = await authService({ pairThrottle: { now, freeFailures: 1 }, accountThrottle: { now }, addressThrottle: { now } });
});
after(() => service.close());


const htmlLang = (res: LightMyRequestResponse) => /^<!doctype html>\n<html lang="([^"]*)" dir="([^"]*)">/.exec(res.body)?.slice(1, 3).join(' ');

/** GET the page, sign in as the demo account, follow the 303: the consent page (and where the 303 led). */
async function signIn(browser: Browser, url: string, headers: Record<string, string> = {}) {
  const page = await browser.get(url, headers);
  assert.equal(page.statusCode, 200, page.body);
  const res = await browser.post('/oauth/login', { ...formFields(page.body, '/oauth/login'), login: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
  assert.equal(res.statusCode, 303, res.body);
  const location = res.headers.location as string;
  const consent = await browser.get(location, headers);
  assert.equal(consent.statusCode, 200);
  return { page, location, consent };
}

describe('choosing the language', () => {
  test('lang names a shipped language or its base, in any case; anything else names none', () => {
    assert.equal(namedLang('fr', AUTH_LANGS), 'fr');
    assert.equal(namedLang('PT-br', AUTH_LANGS), 'pt');
    assert.equal(namedLang('ja-JP-u-ca-japanese', AUTH_LANGS), 'ja');
    for (const tag of ['zz', '<script>', '', 'f', 'english', ['fr'], 7, undefined]) assert.equal(namedLang(tag, AUTH_LANGS), undefined, String(tag));
  });

  test('Accept-Language: weights, the header order for ties, base languages, * and q=0', () => {
    const cases: Array<[string, string | undefined]> = [
      ['ja,en;q=0.5', 'ja'],
      ['fr;q=0, de', 'de'],
      ['en;q=0.5, es;q=0.8', 'es'],
      ['de-CH, fr;q=0.9', 'de'],
      ['zz, pt-BR;q=0.8, en;q=0.7', 'pt'],
      ['fr ; q=0.4 , ar;q=0.3', 'fr'],
      ['ES;Q=1.000', 'es'],
      ['ar;q=0.001', 'ar'],
      ['*', 'en'],
      ['en;q=0, *;q=0.1', 'es'],
      ['fr;q=0', undefined],
      ['fr;q=1.5, <b>, de;level=1, ;;, ja;q=', undefined],
      ['', undefined],
    ];
    for (const [header, expected] of cases) assert.equal(acceptedLang(header, AUTH_LANGS), expected, header);
  });

  test('the login pages speak every language the kit ships, and nothing else', () => {
    assert.deepEqual([...AUTH_LANGS].sort(), [...SHIPPED_LANGS].sort());
    assert.equal(AUTH_LANGS[0], 'en');
  });
});

describe('the login pages in a language', () => {
  test('lang=fr: the sign-in page in French, then after signing in the consent page; the app gets no lang', async () => {
    const browser = new Browser(service.app);
    const { page, location, consent } = await signIn(browser, authUrl(loginParams({ lang: 'fr' })));
    assert.equal(htmlLang(page), 'fr ltr');
    assert.match(page.body, /<h1>Connexion<\/h1>\n<p>pour continuer vers <strong><bdi>Demo App<\/bdi><\/strong><\/p>/);
    assert.match(page.body, /<label for="login">E-mail ou identifiant<\/label>/);
    assert.match(page.body, /<button class="primary" type="submit">Se connecter<\/button>/);
    assert.equal(formFields(page.body, '/oauth/login').lang, 'fr');
    assert.equal(new URLSearchParams(location.split('?')[1]).get('lang'), 'fr');
    assert.equal(htmlLang(consent), 'fr ltr');
    assert.match(consent.body, /<h1>Autoriser <bdi>Demo App<\/bdi> à voir votre compte\u00a0\?<\/h1>/);
    assert.match(consent.body, /<li>Voir votre adresse e-mail<\/li>/);
    assert.match(consent.body, /value="authorize">Autoriser<\/button>\n<button class="secondary" type="submit" name="decision" value="cancel">Annuler<\/button>/);
    const res = await browser.post('/oauth/authorize', { ...formFields(consent.body, '/oauth/authorize'), decision: 'authorize' });
    assert.match(res.headers.location as string, /^https:\/\/app\.example\.com\/cb#state=st&token=[\w-]+\.[\w-]+\.[\w-]+$/);
    const cancelled = await browser.post('/oauth/authorize', { ...formFields(consent.body, '/oauth/authorize'), decision: 'cancel' });
    assert.equal(cancelled.headers.location, 'https://app.example.com/cb#state=st&error=access_denied&error_description=The%20user%20cancelled%20the%20sign-in.');
  });

  test('the code flow keeps lang through /v1/oauth/authorize; the redirect to the app has only its own fields', async () => {
    const browser = new Browser(service.app);
    const entry = await browser.get(authorizeUrl(codeParams(pkce().challenge, { lang: 'de', scope: 'read' })));
    assert.equal(entry.statusCode, 302);
    const { consent } = await signIn(browser, entry.headers.location as string);
    assert.equal(htmlLang(consent), 'de ltr');
    assert.match(consent.body, /<h1><bdi>Demo App<\/bdi> erlauben, dein Konto zu sehen\?<\/h1>/);
    const outcome = outcomeOf(await browser.post('/oauth/authorize', { ...formFields(consent.body, '/oauth/authorize'), decision: 'authorize' }));
    assert.ok(outcome.location.startsWith(`${REDIRECT}?`), outcome.location);
    assert.deepEqual([...outcome.params.keys()], ['state', 'code']);
  });

  test('Accept-Language: ja,en;q=0.5 gives Japanese without lang, through the sign-in', async () => {
    const browser = new Browser(service.app);
    const headers = { 'accept-language': 'ja,en;q=0.5' };
    const { page, consent } = await signIn(browser, authUrl(loginParams()), headers);
    assert.equal(htmlLang(page), 'ja ltr');
    assert.match(page.body, /<label for="password">パスワード<\/label>/);
    assert.equal(htmlLang(consent), 'ja ltr');
    assert.match(consent.body, /<h1><bdi>Demo App<\/bdi> にアカウントの閲覧を許可しますか？<\/h1>/);
    assert.equal(page.headers.vary, 'Accept-Language');
  });

  test('lang=pt-BR speaks Portuguese; lang=ar is right to left; lang wins over Accept-Language', async () => {
    const pt = await new Browser(service.app).get(authUrl(loginParams({ lang: 'pt-BR' })));
    assert.equal(htmlLang(pt), 'pt ltr');
    assert.match(pt.body, /<label for="password">Senha<\/label>/);
    assert.equal(formFields(pt.body, '/oauth/login').lang, 'pt');
    const ar = await new Browser(service.app).get(authUrl(loginParams({ lang: 'ar' })), { 'accept-language': 'fr' });
    assert.equal(htmlLang(ar), 'ar rtl');
    assert.match(ar.body, /<h1>تسجيل الدخول<\/h1>/);
    assert.match(ar.body, /padding-inline-start:/);
    assert.doesNotMatch(ar.body, /(margin|padding|border)-(left|right)\b|\b(left|right)\s*:|:\s*(left|right)\b/, 'no physical sides in the styles');
    const en = await new Browser(service.app).get(authUrl(loginParams({ lang: 'en' })), { 'accept-language': 'de' });
    assert.equal(htmlLang(en), 'en ltr');
  });

  test('an unknown or malformed lang falls back to Accept-Language, then English, with a 200', async () => {
    const cases: Array<[string, Record<string, string>, string]> = [
      ['lang=%3Cscript%3E', { 'accept-language': 'de' }, 'de ltr'],
      ['lang=zz', {}, 'en ltr'],
      ['lang=fr&lang=es', {}, 'en ltr'],
      ['lang=', { 'accept-language': 'es-MX,es;q=0.9' }, 'es ltr'],
      ['lang=zz-%22%3E', { 'accept-language': '<x>;q=2, ;;, *;q=x' }, 'en ltr'],
      ['lang=zz', { 'accept-language': 'fr;q=0, de' }, 'de ltr'],
    ];
    for (const [query, headers, expected] of cases) {
      const res = await new Browser(service.app).get(`${authUrl(loginParams())}&${query}`, headers);
      assert.equal(res.statusCode, 200, query);
      assert.equal(htmlLang(res), expected, `${query} ${JSON.stringify(headers)}`);
      assert.equal(formFields(res.body, '/oauth/login').lang, expected.split(' ')[0], 'the form carries the chosen language, not the one asked');
      assert.doesNotMatch(res.body, /<script/);
    }
  });

  test('a tampered lang field only chooses among the shipped languages', async () => {
    const browser = new Browser(service.app, '10.9.0.1');
    const page = await browser.get(authUrl(loginParams({ lang: 'es' })));
    const fields = { ...formFields(page.body, '/oauth/login'), lang: '"><script>alert(1)</script>', login: 'nobody-tampered', password: 'x' };
    const res = await browser.post('/oauth/login', fields, { 'accept-language': 'ja' });
    assert.equal(res.statusCode, 422);
    assert.equal(htmlLang(res), 'ja ltr');
    assert.equal(formFields(res.body, '/oauth/login').lang, 'ja');
    assert.doesNotMatch(res.body, /<script>/);
  });

  test('the error page for an unknown app speaks the asked language; the developer\'s reasons stay English, marked so', async () => {
    const res = await new Browser(service.app).get(authUrl(loginParams({ api_key: 'not-a-registered-key', lang: 'es' })));
    assert.equal(res.statusCode, 400);
    assert.equal(htmlLang(res), 'es ltr');
    assert.match(res.body, /<h1>Este enlace de inicio de sesión no es válido<\/h1>/);
    assert.match(res.body, /<ul aria-labelledby="problems" lang="en" dir="ltr">\n<li><code>api_key<\/code> is not the API key of a registered app<\/li>/);
    const uri = await new Browser(service.app).get(authUrl(loginParams({ redirect_uri: 'https://app.example.com/cb#x' })), { 'accept-language': 'ar' });
    assert.equal(uri.statusCode, 400);
    assert.equal(htmlLang(uri), 'ar rtl');
  });

  test('a wrong password and a locked account are said in the language', async () => {
    const browser = new Browser(service.app, '10.9.0.2');
    const attempt = async (password: string) => {
      const page = await browser.get(authUrl(loginParams({ lang: 'de' })));
      return browser.post('/oauth/login', { ...formFields(page.body, '/oauth/login'), login: 'nobody-de', password });
    };
    const wrong = await attempt('wrong');
    assert.equal(wrong.statusCode, 422);
    assert.match(wrong.body, /role="alert">E-Mail bzw\. Nutzername und Passwort passen zu keinem Konto\.<\/p>/);
    const locked = await attempt('wrong again');
    assert.equal(locked.statusCode, 429);
    assert.match(locked.body, /role="alert">Zu viele fehlgeschlagene Anmeldeversuche\. Versuch es in 30 Sekunden noch einmal\.<\/p>/);
  });
});

/** Text a reader meets: words and aria-labels, the script's messages; not the values (in <bdi>), code, or what is marked English. */
function readerText(html: string): string {
  return html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, ' ')
    .replace(/<script[^>]*>([\s\S]*?)<\/script>/g, (_, code: string) => [...code.matchAll(/textContent = ("(?:[^"\\]|\\.)*");/g)].map((m) => JSON.parse(m[1]!) as string).join(' '))
    .replace(/<(bdi|code)\b[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<(?!html)(\w+)\b[^>]*\blang="en"[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]*>/g, (tag) => ` ${/aria-label="([^"]*)"/.exec(tag)?.[1] ?? ''} `)
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replaceAll('Music Service', ' ')
    .replaceAll(DEMO_APP.name, ' ');
}

const wordsOf = (text: string) => new Set([...text.matchAll(/\p{L}+/gu)].map((m) => m[0].toLowerCase()));

/** Words a language shares with English, where they are its own words too (French "page", German "Name"). */
const SHARED: Partial<Record<AuthLang, string[]>> = { fr: ['messages', 'page', 'service', 'site'], de: ['apps', 'link', 'name'], pt: ['link', 'site'] };

/** Every page of the flow in `lang`, each state with its own words: the forms and their errors, consent, delivery, grants. */
async function everyPage(lang: AuthLang, n: number): Promise<string[]> {
  const pages: string[] = [];
  const take = (res: LightMyRequestResponse, status: number) => {
    assert.equal(res.statusCode, status, `${lang}: ${res.body.slice(0, 300)}`);
    pages.push(res.body);
    return res;
  };
  const decide = (browser: Browser, consent: LightMyRequestResponse, decision: string, extra: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    browser.post('/oauth/authorize', { ...formFields(consent.body, '/oauth/authorize'), decision, ...extra }, headers);
  const grantsLink = (consent: LightMyRequestResponse) => /<a href="([^"]+)">/.exec(consent.body)![1]!.replace(/&#38;/g, '&');

  // Signing in, and what goes wrong there; the error pages.
  const guesser = new Browser(service.app, `10.8.${n}.1`);
  const signInPage = take(await guesser.get(authUrl(loginParams({ lang }))), 200);
  const login = (fields: Record<string, string>) => guesser.post('/oauth/login', { ...formFields(signInPage.body, '/oauth/login'), ...fields });
  take(await login({ login: '', password: '' }), 422);
  take(await login({ login: `nobody-${lang}`, password: 'x' }), 422);
  take(await login({ login: `nobody-${lang}`, password: 'x' }), 429);
  take(await guesser.post(`/oauth/login?lang=${lang}`, { x: 'y'.repeat(40_000) }), 413);
  take(await guesser.post('/oauth/login', {}, { 'content-type': 'text/plain', 'accept-language': lang }), 415);
  take(await guesser.get(authUrl(loginParams({ lang, api_key: 'nope' }))), 400);
  take(await new Browser(service.app).get(`/oauth/grants?lang=${lang}`), 200);

  // Consent to write, refused forms, then the grants page and a revocation.
  const writer = new Browser(service.app, `10.8.${n}.2`);
  const consent = take((await signIn(writer, authUrl(loginParams({ lang, scope: 'write' })))).consent, 200);
  take(await decide(writer, consent, 'maybe'), 400);
  take(await decide(writer, consent, 'authorize', { csrf: 'forged' }), 403);
  take(await decide(writer, consent, 'authorize', {}, { origin: 'https://elsewhere.example' }), 403);
  assert.equal((await decide(writer, consent, 'authorize')).statusCode, 302);
  const grants = take(await writer.get(grantsLink(consent)), 200);
  const { revoke: _revoke, ...noChoice } = formFields(grants.body, '/oauth/grants/revoke');
  take(await writer.post('/oauth/grants/revoke', noChoice), 400);
  const revoked = await writer.post('/oauth/grants/revoke', formFields(grants.body, '/oauth/grants/revoke'));
  take(await writer.get(revoked.headers.location as string), 200);

  // The code flow's consent to read (no email, nothing changed), and its grant.
  const reader = new Browser(service.app, `10.8.${n}.3`);
  const { verifier, challenge } = pkce();
  const entry = await reader.get(authorizeUrl(codeParams(challenge, { lang, scope: 'read' })));
  const codeConsent = take((await signIn(reader, entry.headers.location as string)).consent, 200);
  const code = outcomeOf(await decide(reader, codeConsent, 'authorize')).params.get('code')!;
  assert.equal((await exchange(service, code, verifier)).status, 200);
  take(await reader.get(grantsLink(codeConsent)), 200);

  // Delivery by window message: the page that posts the answer, and the one that posts a cancel.
  const popup = new Browser(service.app, `10.8.${n}.4`);
  const popupConsent = (await signIn(popup, authUrl(loginParams({ lang, redirect_uri: 'postmessage', origin: 'https://app.example.com' })))).consent;
  take(await decide(popup, popupConsent, 'authorize'), 200);
  take(await decide(popup, popupConsent, 'cancel'), 200);
  return pages;
}

describe('no English left', () => {
  test('every string of every language is its own, with the same {values} as English', () => {
    const english = authWords('en');
    const values = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const lang of AUTH_LANGS.filter((l) => l !== 'en')) {
      const words = authWords(lang);
      for (const key of Object.keys(english) as WordKey[]) {
        assert.notEqual(words[key], english[key], `${lang}.${key} is the English string`);
        assert.deepEqual(values(words[key]), values(english[key]), `${lang}.${key} puts in other values`);
      }
    }
  });

  test('no page in another language has a word of the English pages', async () => {
    const englishPages = await everyPage('en', 0);
    const englishText = englishPages.map(readerText).join('\n');
    // The pages show every string of the table (but the 500 page's, which no request can cause).
    const english = authWords('en');
    for (const key of (Object.keys(english) as WordKey[]).filter((k) => k !== 'ourSide')) {
      for (const part of english[key].split(/\{\w+\}/).map((p) => p.trim()).filter((p) => p.length > 2)) {
        assert.ok(englishText.includes(part), `the English pages show ${key}: ${JSON.stringify(part)}`);
      }
    }
    const englishWords = new Set([...wordsOf(englishText)].filter((w) => w.length >= 4));
    const leftEnglish = (text: string, lang: AuthLang) => [...wordsOf(text)].filter((w) => englishWords.has(w) && !SHARED[lang]?.includes(w));
    // The check can fail: the English pages fail it.
    assert.ok(leftEnglish(englishText, 'fr').length > 100, [...englishWords].join(' '));
    // Every leftover of every language at once, each with the page text it is in.
    const leftovers: string[] = [];
    for (const [n, lang] of AUTH_LANGS.entries()) {
      if (lang === 'en') continue;
      const pages = await everyPage(lang, n);
      assert.equal(pages.length, englishPages.length);
      for (const page of pages) {
        assert.match(page, new RegExp(`^<!doctype html>\\n<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`));
        const text = readerText(page);
        const left = leftEnglish(text, lang);
        if (left.length) leftovers.push(`${lang} ${JSON.stringify(left)} in: ${text.replace(/\s+/g, ' ').trim().slice(0, 200)}`);
      }
    }
    assert.deepEqual(leftovers, []);
  });
});
