import type { WriteGrant } from './apps.js';
import type { AuthRequest } from './params.js';
import { authPath } from './params.js';
import { escapeHtml, hiddenFields, layout, type Display } from './pages.js';

export interface GrantsOptions {
  /** The login this page was opened from, if any: its parameters ride along, and a link leads back. */
  request: AuthRequest | undefined;
  csrf: string;
  nonce: string;
  user: { name: string; handle: string } | undefined;
  grants: WriteGrant[];
  /** Set after a revocation: the app's name. */
  revoked?: string;
}

const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * The signed-in user's app grants: every app that may act on their behalf (the write API),
 * each with a Revoke button. Apps that were only let see the profile hold nothing to revoke.
 */
export function grantsPage({ request, csrf, nonce, user, grants, revoked }: GrantsOptions): string {
  const display: Display = request?.display ?? 'fullScreen';
  const back = request ? `\n<p><a href="${escapeHtml(authPath(request))}">Back to the sign-in</a></p>` : '';
  if (!user) {
    return layout({ title: 'Apps you allowed', display, nonce, body: `<h1>Apps you allowed</h1>\n<p>Sign in first to see the apps you allowed.</p>${back}` });
  }
  const items = grants
    .map(
      (g) => `<li><strong>${escapeHtml(g.name)}</strong>, since ${day(g.created_at)}
<form method="post" action="/oauth/grants/revoke">
${hiddenFields(request, csrf)}
<input type="hidden" name="revoke" value="${escapeHtml(g.api_key)}">
<button class="secondary" type="submit" aria-label="Revoke ${escapeHtml(g.name)}">Revoke</button>
</form></li>`,
    )
    .join('\n');
  const list = grants.length
    ? `<h2 id="grants">These apps can act on your behalf:</h2>\n<ul aria-labelledby="grants">\n${items}\n</ul>`
    : '<p>No app can act on your behalf.</p>';
  const done = revoked ? `\n<p class="note" role="status">${escapeHtml(revoked)} can no longer act on your behalf.</p>` : '';
  return layout({
    title: 'Apps you allowed',
    display,
    nonce,
    body: `<h1>Apps you allowed</h1>
<p>Signed in as <strong>${escapeHtml(user.name)}</strong> (@${escapeHtml(user.handle)})</p>${done}
${list}
<p class="note">Apps you only let see your profile keep no access after sign-in, so they are not listed. Revoking takes effect at once.</p>${back}`,
  });
}
