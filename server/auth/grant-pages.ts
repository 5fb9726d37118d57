import type { AuthRequest } from './params.js';
import { authPath } from './params.js';
import { escapeHtml, hiddenFields, layout, type Display } from './pages.js';

export interface GrantsOptions {
  /** The login this page was opened from, if any: its parameters ride along, and a link leads back. */
  request: AuthRequest | undefined;
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
export function grantsPage({ request, csrf, nonce, user, grants, revoked }: GrantsOptions): string {
  const display: Display = request?.display ?? 'fullScreen';
  const back = request ? `\n<p><a href="${escapeHtml(authPath(request))}">Back to the sign-in</a></p>` : '';
  if (!user) {
    return layout({ title: 'Apps you allowed', display, nonce, body: `<h1>Apps you allowed</h1>\n<p>Sign in first to see the apps you allowed.</p>${back}` });
  }
  const items = grants
    .map(
      (g) => `<li><strong>${escapeHtml(g.name)}</strong>, ${g.write ? 'can act on your behalf' : 'can see your profile'}, since ${day(g.created_at)}
<form method="post" action="/oauth/grants/revoke">
${hiddenFields(request, csrf)}
<input type="hidden" name="revoke" value="${escapeHtml(g.api_key)}">
<button class="secondary" type="submit" aria-label="Revoke ${escapeHtml(g.name)}">Revoke</button>
</form></li>`,
    )
    .join('\n');
  const list = grants.length
    ? `<h2 id="grants">These apps have access to your account:</h2>\n<ul aria-labelledby="grants">\n${items}\n</ul>`
    : '<p>No app has access to your account.</p>';
  const done = revoked ? `\n<p class="note" role="status">${escapeHtml(revoked)} no longer has access to your account.</p>` : '';
  return layout({
    title: 'Apps you allowed',
    display,
    nonce,
    body: `<h1>Apps you allowed</h1>
<p>Signed in as <strong>${escapeHtml(user.name)}</strong> (@${escapeHtml(user.handle)})</p>${done}
${list}
<p class="note">Apps you let see your profile once, without staying signed in, keep no access, so they are not listed. Revoking takes effect at once.</p>${back}`,
  });
}
