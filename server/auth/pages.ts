import type { AuthRequest, ParamProblem } from './params.js';
import { requestFields } from './params.js';
import { scriptJson } from '../../src/ssr/seeds.js';

/**
 * The login page's HTML. Every value from the query or the database goes through `escape`;
 * the one script (the postmessage page) carries the response's CSP nonce.
 */

export type Display = AuthRequest['display'];

/** HTML-escapes text for element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

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
ul{margin:0 0 12px;padding-left:1.25rem}
li{margin:4px 0}
.field{margin:16px 0}
label{display:block;font-weight:600;margin-bottom:4px}
input{width:100%;font:inherit;padding:10px 12px;border:1px solid #6b6880;border-radius:8px;background:#fff;color:inherit}
input[aria-invalid=true]{border-color:#b42318}
button{font:inherit;font-weight:600;padding:10px 18px;border-radius:999px;border:2px solid #5b21b6;cursor:pointer;min-height:44px}
.primary{background:#5b21b6;color:#fff}
.secondary{background:transparent;color:#5b21b6}
a{color:#5b21b6}
.link{border:0;background:none;color:#5b21b6;text-decoration:underline;padding:4px 0;min-height:auto;font-weight:400}
.actions{display:flex;gap:12px;flex-wrap:wrap;margin-top:20px}
.actions button{flex:1 1 8rem}
.error{border-left:4px solid #b42318;background:#fdecea;color:#7a1a12;padding:10px 12px;border-radius:4px;margin:12px 0}
.note{color:#4a4759;font-size:.9rem;margin-top:16px}
code{font-family:ui-monospace,monospace;background:#ece9f5;padding:0 4px;border-radius:4px;overflow-wrap:anywhere}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
@media (prefers-color-scheme:dark){html{color:#eceaf4;background:#16151c}.fullScreen main{background:#221f2b}input{background:#16151c}
.brand,.secondary,.link,a{color:#c4b5fd}.error{background:#3b1512;color:#fecaca}.note{color:#b8b4c8}code{background:#2e2a3a}}
`;

interface LayoutOptions {
  title: string;
  display: Display;
  nonce: string;
  body: string;
  script?: string;
}

export function layout({ title, display, nonce, body, script }: LayoutOptions): string {
  return `<!doctype html>
<html lang="en">
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

/** The login parameters (and the form token) as hidden inputs. */
export function hiddenFields(request: AuthRequest | undefined, csrf: string): string {
  return [...(request ? requestFields(request) : []), ['csrf', csrf]]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
}

/** 400: the login link itself is wrong. Names every bad parameter; offers no way onward. */
export function invalidRequestPage(problems: ParamProblem[], display: Display, nonce: string, entry = '/oauth/auth'): string {
  const items = problems.map((p) => `<li><code>${escapeHtml(p.param)}</code> ${escapeHtml(p.reason)}</li>`).join('\n');
  return layout({
    title: 'Invalid sign-in link',
    display,
    nonce,
    body: `<h1>This sign-in link is not valid</h1>
<p>The app that sent you here built its sign-in link wrongly, so you cannot sign in with it. Nothing has been shared with the app.</p>
<h2 id="problems">What is wrong</h2>
<ul aria-labelledby="problems">
${items}
</ul>
<p class="note">If you made this app, fix these parameters of <code>${escapeHtml(entry)}</code>.</p>`,
  });
}

/** A short page for errors outside the forms (expired form, bad submission). */
export function messagePage(title: string, text: string, display: Display, nonce: string, retryPath?: string): string {
  const retry = retryPath ? `\n<p><a href="${escapeHtml(retryPath)}">Start again</a></p>` : '';
  return layout({ title, display, nonce, body: `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>${retry}` });
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
  const invalid = error ? ' aria-invalid="true" aria-describedby="signin-error"' : '';
  const focusLogin = login === '' ? ' autofocus' : '';
  const focusPassword = login !== '' ? ' autofocus' : '';
  return layout({
    title: 'Sign in',
    display: request.display,
    nonce,
    body: `<h1>Sign in</h1>
<p>to continue to <strong>${escapeHtml(request.app.name)}</strong></p>
${error ? `<p id="signin-error" class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/oauth/login">
${hiddenFields(request, csrf)}
<div class="field">
<label for="login">Email or handle</label>
<input id="login" name="login" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(login)}"${invalid}${focusLogin}>
</div>
<div class="field">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${focusPassword}>
</div>
<div class="actions"><button class="primary" type="submit">Sign in</button></div>
</form>
<form method="post" action="/oauth/authorize">
${hiddenFields(request, csrf)}
<input type="hidden" name="decision" value="cancel">
<div class="actions"><button class="secondary" type="submit">Cancel</button></div>
</form>
<p class="note">Signing in here does not give ${escapeHtml(request.app.name)} your password.</p>`,
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
  const app = escapeHtml(request.app.name);
  const write = request.scope === 'write';
  const abilities = [
    'See your profile: your name, handle, profile picture and whether you are verified',
    // The code flow's profile (/v1/me) has no email; the token flow's signed token does.
    ...(request.codeChallenge === undefined ? ['See your email address'] : []),
    ...(write ? ['Act on your behalf, for example favorite tracks, save tracks to your library and upload tracks'] : []),
  ];
  const limits = write
    ? `${app} will never be able to read your direct messages or use your wallet.`
    : `${app} will not be able to change anything in your account.`;
  return layout({
    title: `Allow ${request.app.name}?`,
    display: request.display,
    nonce,
    body: `<h1>Allow ${app} to ${write ? 'use' : 'see'} your account?</h1>
<p>Signed in as <strong>${escapeHtml(user.name)}</strong> (@${escapeHtml(user.handle)})</p>
<h2 id="abilities">${app} will be able to:</h2>
<ul aria-labelledby="abilities">
${abilities.map((a) => `<li>${escapeHtml(a)}</li>`).join('\n')}
</ul>
<p>${limits}</p>
<p>Your answer goes to <strong>${escapeHtml(destination(request))}</strong>.</p>
<form method="post" action="/oauth/authorize">
${hiddenFields(request, csrf)}
<div class="actions">
<button class="primary" type="submit" name="decision" value="authorize">Authorize</button>
<button class="secondary" type="submit" name="decision" value="cancel">Cancel</button>
</div>
</form>
<form method="post" action="/oauth/logout">
${hiddenFields(request, csrf)}
<p class="note">Not you? <button class="link" type="submit">Sign in with another account</button> · <a href="${escapeHtml(grantsPath(request))}">Apps you allowed</a></p>
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
export function grantsPath(request: AuthRequest | undefined): string {
  return `/oauth/grants${request ? `?${new URLSearchParams(requestFields(request)).toString()}` : ''}`;
}

/**
 * The postmessage result page: posts `message` to the opener at exactly `origin`, then
 * closes. Without an opener it says so instead.
 */
export function postMessagePage(
  message: Record<string, string>,
  origin: string,
  outcome: 'authorized' | 'cancelled',
  display: Display,
  nonce: string,
): string {
  const title = outcome === 'authorized' ? 'Signed in' : 'Sign-in cancelled';
  const script = `
var message = ${scriptJson(message)};
var targetOrigin = ${scriptJson(origin)};
var status = document.getElementById('status');
if (window.opener && !window.opener.closed) {
  window.opener.postMessage(message, targetOrigin);
  status.textContent = 'Done. You can close this window.';
  window.close();
} else {
  status.textContent = 'This window was not opened by the app, so the result cannot be handed back. Close this window and try again from the app.';
}`;
  return layout({
    title,
    display,
    nonce,
    body: `<h1>${title}</h1>\n<p id="status" role="status">Returning to the app…</p>`,
    script,
  });
}
