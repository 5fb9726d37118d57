import type { AuthRequest } from '../params.js';
import { authPath } from '../params.js';
import { escapeHtml } from '../../../src/ssr/escape-html.js';
import { focusedHeading, hiddenFields, isolate, layout, loginFields, say, type PageSetup } from './login.js';
import { authWords, fill, type AuthLang } from './words.js';

export interface GrantsOptions {
  /** The login this page was opened from, if any: its parameters ride along, and a link leads back. */
  request: AuthRequest | undefined;
  /** The page's language: the request's, or without one the page's own `lang` or Accept-Language. */
  lang: AuthLang;
  csrf: string;
  nonce: string;
  user: { name: string; handle: string } | undefined;
  grants: AppGrant[];
  /** Set after a revocation: the app's name. */
  revoked?: string;
}

/** One app's access: a write grant of the token flow and/or live code-flow tokens (`read` or `write`). */
export interface AppGrant {
  api_key: string;
  name: string;
  /** Unix seconds of the latest grant. */
  created_at: number;
  /** The app may act on the user's behalf; otherwise it may only read the profile (/v1/me). */
  write: boolean;
}

const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * The signed-in user's app grants, each with a Revoke button: apps that may act on their behalf
 * (the write API, or a code-flow write grant) and apps holding code-flow tokens to read the
 * profile. Apps that got only the token flow's signed profile hold nothing to revoke.
 */
export function grantsPage({ request, lang, csrf, nonce, user, grants, revoked }: GrantsOptions): string {
  const words = authWords(lang);
  const page: PageSetup = { display: request?.display ?? 'fullScreen', lang, nonce };
  const back = request ? `\n<p><a href="${escapeHtml(authPath(request))}">${say(words.backToSignIn)}</a></p>` : '';
  if (!user) {
    return layout({ title: words.appsYouAllowed, page, body: `${focusedHeading(say(words.appsYouAllowed))}\n<p>${say(words.signInFirst)}</p>${back}` });
  }
  const fields = hiddenFields(loginFields(request, lang), csrf);
  const items = grants
    .map(
      (g) => `<li>${say(words.grantLine, { app: `<strong>${isolate(g.name)}</strong>`, access: say(g.write ? words.canAct : words.canSee), date: day(g.created_at) })}
<form method="post" action="/oauth/grants/revoke">
${fields}
<input type="hidden" name="revoke" value="${escapeHtml(g.api_key)}">
<button class="secondary" type="submit" aria-label="${escapeHtml(fill(words.revokeApp, { app: g.name }))}">${say(words.revoke)}</button>
</form></li>`,
    )
    .join('\n');
  const list = grants.length
    ? `<h2 id="grants">${say(words.haveAccess)}</h2>\n<ul aria-labelledby="grants">\n${items}\n</ul>`
    : `<p>${say(words.noAccess)}</p>`;
  const done = revoked ? `\n<p class="note" role="status">${say(words.revokedNote, { app: isolate(revoked) })}</p>` : '';
  return layout({
    title: words.appsYouAllowed,
    page,
    body: `${focusedHeading(say(words.appsYouAllowed))}
<p>${say(words.signedInAs, { name: `<strong>${isolate(user.name)}</strong>`, handle: isolate(`@${user.handle}`) })}</p>${done}
${list}
<p class="note">${say(words.grantsNote)}</p>${back}`,
  });
}
