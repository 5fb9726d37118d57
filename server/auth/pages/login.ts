import type { AuthRequest, ParamProblem } from '../params.js';
import { requestFields } from '../params.js';
import { scriptJson } from '../../../src/ssr/seeds.js';
import { escapeHtml } from '../../../src/ssr/escape-html.js';
import { dirOf } from '../../languages.js';
import { authWords, fill, type AuthLang, type WordKey } from './words.js';

/**
 * The login page's HTML, in the request's language (words.ts). Every value from the query or
 * the database goes through `escapeHtml`; the one script (the postmessage page) carries the
 * response's CSP nonce.
 */

export type Display = AuthRequest['display'];

/** What every page needs besides its content: its layout, its language and the response's CSP nonce. */
export interface PageSetup {
  display: Display;
  lang: AuthLang;
  nonce: string;
}

/** A value from the query or the database, escaped and isolated, so a Latin name keeps its order in an Arabic sentence. */
export const isolate = (text: string) => `<bdi>${escapeHtml(text)}</bdi>`;

/** A string of the words table as HTML, its `{name}`s replaced by the given HTML (built with escapeHtml or isolate). */
export const say = (template: string, values: Record<string, string> = {}) => fill(escapeHtml(template), values);

/**
 * A page's heading that takes the focus when the page opens (no script, so no CSP nonce): a page
 * with no field starts a keyboard or screen-reader user at its content, not on the body.
 */
export const focusedHeading = (html: string) => `<h1 tabindex="-1" autofocus>${html}</h1>`;

const STYLES = `
html{box-sizing:border-box;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c1b22;background:#f4f3f8}
body{margin:0}
:where(main,form,input,button,div,section){box-sizing:border-box}
main{padding:24px 20px;max-width:375px;margin:0 auto}
.fullScreen main{max-width:28rem;margin:8vh auto;background:#fff;border-radius:16px;padding:40px 36px;box-shadow:0 4px 24px #1c1b2214}
.brand{font-weight:700;letter-spacing:.02em;color:#5b21b6;margin:0 0 16px}
h1{font-size:1.4rem;line-height:1.25;margin:0 0 8px}
h2{font-size:1rem;margin:20px 0 8px}
p{margin:0 0 12px}
ul{margin:0 0 12px;padding-inline-start:1.25rem}
li{margin:4px 0}
.field{margin:16px 0}
label{display:block;font-weight:600;margin-block-end:4px}
input{width:100%;font:inherit;padding:10px 12px;border:1px solid #6b6880;border-radius:8px;background:#fff;color:inherit}
input[aria-invalid=true]{border-color:#b42318}
button{font:inherit;font-weight:600;padding:10px 18px;border-radius:999px;border:2px solid #5b21b6;cursor:pointer;min-height:44px}
.primary{background:#5b21b6;color:#fff}
.secondary{background:transparent;color:#5b21b6}
a{color:#5b21b6}
.link{border:0;background:none;color:#5b21b6;text-decoration:underline;padding:4px 0;min-height:auto;font-weight:400}
.actions{display:flex;gap:12px;flex-wrap:wrap;margin-top:20px}
.actions button{flex:1 1 8rem}
.error{border-inline-start:4px solid #b42318;background:#fdecea;color:#7a1a12;padding:10px 12px;border-radius:4px;margin:12px 0}
.note{color:#4a4759;font-size:.9rem;margin-top:16px}
code{direction:ltr;unicode-bidi:isolate;font-family:ui-monospace,monospace;background:#ece9f5;padding:0 4px;border-radius:4px;overflow-wrap:anywhere}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
h1[tabindex]:focus{outline:none}
@media (prefers-color-scheme:dark){html{color:#eceaf4;background:#16151c}.fullScreen main{background:#221f2b}input{background:#16151c}
.brand,.secondary,.link,a{color:#c4b5fd}.error{background:#3b1512;color:#fecaca}.note{color:#b8b4c8}code{background:#2e2a3a}}
`;

interface LayoutOptions {
  /** Plain text: the layout escapes it. */
  title: string;
  page: PageSetup;
  body: string;
  script?: string;
}

export function layout({ title, page: { display, lang, nonce }, body, script }: LayoutOptions): string {
  return `<!doctype html>
<html lang="${lang}" dir="${dirOf(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(title)} · Music Service</title>
<style nonce="${nonce}">${STYLES}</style>
</head>
<body class="${display}">
<main>
<p class="brand">Music Service</p>
${body}
</main>${script ? `\n<script nonce="${nonce}">${script}</script>` : ''}
</body>
</html>
`;
}

/**
 * The fields that carry the login through the page's forms and links: the checked request's
 * parameters, or without one (the grants page opened on its own) only the language.
 */
export function loginFields(request: AuthRequest | undefined, lang: AuthLang): Array<[string, string]> {
  return request ? requestFields(request) : [['lang', lang]];
}

/** The login's fields (and the form token) as hidden inputs. */
export function hiddenFields(fields: Array<[string, string]>, csrf: string): string {
  return [...fields, ['csrf', csrf]]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
}

/**
 * 400: the login link itself is wrong. Names every bad parameter; offers no way onward. The
 * reasons are for the app's developer and stay in English (the code flow sends the same text
 * as `error_description`), marked as such.
 */
export function invalidRequestPage(problems: ParamProblem[], page: PageSetup, entry = '/oauth/auth'): string {
  const words = authWords(page.lang);
  const items = problems.map((p) => `<li><code>${escapeHtml(p.param)}</code> ${escapeHtml(p.reason)}</li>`).join('\n');
  return layout({
    title: words.invalidTitle,
    page,
    body: `<h1>${say(words.invalidHeading)}</h1>
<p>${say(words.invalidText)}</p>
<h2 id="problems">${say(words.whatIsWrong)}</h2>
<ul aria-labelledby="problems" lang="en" dir="ltr">
${items}
</ul>
<p class="note">${say(words.fixThese, { entry: `<code>${escapeHtml(entry)}</code>` })}</p>`,
  });
}

/**
 * A short page for errors outside the forms (expired form, bad submission): a title and a text
 * from the words table, and `detail`, a technical message in English, where there is one.
 */
export function messagePage(page: PageSetup, title: WordKey, text: WordKey, retryPath?: string, detail?: string): string {
  const words = authWords(page.lang);
  const retry = retryPath ? `\n<p><a href="${escapeHtml(retryPath)}">${say(words.startAgain)}</a></p>` : '';
  const note = detail ? `\n<p class="note" lang="en" dir="ltr">${escapeHtml(detail)}</p>` : '';
  // The one value a message names: the form encoding the POSTs must use.
  const body = `<h1>${say(words[title])}</h1>\n<p>${say(words[text], { type: '<code>application/x-www-form-urlencoded</code>' })}</p>${note}${retry}`;
  return layout({ title: words[title], page, body });
}

export interface SignInOptions {
  request: AuthRequest;
  csrf: string;
  nonce: string;
  login?: string;
  error?: string;
}

/** The sign-in form: email or handle, and password. An error is linked to the fields it is about. */
export function signInPage({ request, csrf, nonce, login = '', error }: SignInOptions): string {
  const words = authWords(request.lang);
  const app = isolate(request.app.name);
  const invalid = error ? ' aria-invalid="true" aria-describedby="signin-error"' : '';
  const focusLogin = login === '' ? ' autofocus' : '';
  const focusPassword = login !== '' ? ' autofocus' : '';
  const fields = hiddenFields(requestFields(request), csrf);
  return layout({
    title: words.signInHeading,
    page: { display: request.display, lang: request.lang, nonce },
    body: `<h1>${say(words.signInHeading)}</h1>
<p>${say(words.continueTo, { app: `<strong>${app}</strong>` })}</p>
${error ? `<p id="signin-error" class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/oauth/login">
${fields}
<div class="field">
<label for="login">${say(words.loginLabel)}</label>
<input id="login" name="login" type="text" dir="auto" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(login)}"${invalid}${focusLogin}>
</div>
<div class="field">
<label for="password">${say(words.passwordLabel)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${focusPassword}>
</div>
<div class="actions"><button class="primary" type="submit">${say(words.signInButton)}</button></div>
</form>
<form method="post" action="/oauth/authorize">
${fields}
<input type="hidden" name="decision" value="cancel">
<div class="actions"><button class="secondary" type="submit">${say(words.cancel)}</button></div>
</form>
<p class="note">${say(words.passwordStays, { app })}</p>`,
  });
}

export interface ConsentOptions {
  request: AuthRequest;
  csrf: string;
  nonce: string;
  user: { name: string; handle: string };
}

/** The consent screen: the app, the scope in plain words, Authorize and Cancel. */
export function consentPage({ request, csrf, nonce, user }: ConsentOptions): string {
  const words = authWords(request.lang);
  const app = isolate(request.app.name);
  const write = request.scope === 'write';
  const abilities = [
    words.seeProfile,
    // The code flow's profile (/v1/me) has no email; the token flow's signed token does.
    ...(request.codeChallenge === undefined ? [words.seeEmail] : []),
    ...(write ? [words.actForYou] : []),
  ];
  const fields = hiddenFields(requestFields(request), csrf);
  return layout({
    title: fill(words.allowTitle, { app: request.app.name }),
    page: { display: request.display, lang: request.lang, nonce },
    body: `<h1>${say(write ? words.allowUse : words.allowSee, { app })}</h1>
<p>${say(words.signedInAs, { name: `<strong>${isolate(user.name)}</strong>`, handle: isolate(`@${user.handle}`) })}</p>
<h2 id="abilities">${say(words.ableTo, { app })}</h2>
<ul aria-labelledby="abilities">
${abilities.map((a) => `<li>${say(a)}</li>`).join('\n')}
</ul>
<p>${say(write ? words.neverPrivate : words.changeNothing, { app })}</p>
<p>${say(words.answerGoesTo, { destination: `<strong>${isolate(destination(request))}</strong>` })}</p>
<form method="post" action="/oauth/authorize">
${fields}
<div class="actions">
<button class="primary" type="submit" autofocus name="decision" value="authorize">${say(words.authorize)}</button>
<button class="secondary" type="submit" name="decision" value="cancel">${say(words.cancel)}</button>
</div>
</form>
<form method="post" action="/oauth/logout">
${fields}
<p class="note">${say(words.notYou)} <button class="link" type="submit">${say(words.otherAccount)}</button> · <a href="${escapeHtml(grantsPath(request))}">${say(words.appsYouAllowed)}</a></p>
</form>`,
  });
}

/**
 * Who receives the login answer, as the consent screen names it: the redirect URI's host
 * (with its port), or for `postmessage` the page's origin.
 */
export function destination(request: AuthRequest): string {
  return request.origin ?? new URL(request.redirectUri).host;
}

/** The page of the user's app grants, keeping the login parameters to come back with. */
export function grantsPath(request: AuthRequest): string {
  return `/oauth/grants?${new URLSearchParams(requestFields(request)).toString()}`;
}

/**
 * The postmessage result page: posts `message` to the opener at exactly `origin`, then
 * closes. Without an opener it says so instead.
 */
export function postMessagePage(message: Record<string, string>, origin: string, outcome: 'authorized' | 'cancelled', page: PageSetup): string {
  const words = authWords(page.lang);
  const title = outcome === 'authorized' ? words.signedIn : words.cancelled;
  const script = `
var message = ${scriptJson(message)};
var targetOrigin = ${scriptJson(origin)};
var status = document.getElementById('status');
if (window.opener && !window.opener.closed) {
  window.opener.postMessage(message, targetOrigin);
  status.textContent = ${scriptJson(words.closeWindow)};
  window.close();
} else {
  status.textContent = ${scriptJson(words.noOpener)};
}`;
  return layout({
    title,
    page,
    body: `<h1>${say(title)}</h1>\n<p id="status" role="status">${say(words.returning)}</p>`,
    script,
  });
}
