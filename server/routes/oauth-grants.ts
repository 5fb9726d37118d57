import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountRow } from '../auth/store/accounts.js';
import type { AppQueries } from '../auth/store/apps.js';
import { grantsPage, type AppGrant } from '../auth/pages/grants.js';
import type { OauthStore } from '../auth/tokens/oauth-store.js';
import { loginFields, messagePage } from '../auth/pages/login.js';
import { readAuthRequest } from '../auth/params.js';
import { authLang } from '../auth/pages/words.js';
import { newNonce, sendPage, type LoginWeb } from '../auth/pages/web.js';

export interface GrantDeps {
  web: LoginWeb;
  apps: AppQueries;
  codes: OauthStore;
  signedInUser(req: FastifyRequest): AccountRow | undefined;
}

/**
 * The user's app grants on the login page: GET /oauth/grants lists them (linked from the
 * consent screen, whose login parameters it carries to lead back), POST /oauth/grants/revoke
 * takes one back. A valid set of login parameters is optional here.
 */
export function grantRoutes(scope: FastifyInstance, { web, apps, codes, signedInUser }: GrantDeps): void {
  /** Every app with access, one line each: the token flow's write grants merged with live code-flow grants. */
  const grantsOf = (userId: number): AppGrant[] => {
    const byApp = new Map<string, AppGrant>();
    for (const g of apps.writeGrants(userId)) byApp.set(g.api_key, { api_key: g.api_key, name: g.name, created_at: g.created_at, write: true });
    for (const g of codes.grantsOf(userId)) {
      const seconds = Math.floor(g.created_at / 1000);
      const known = byApp.get(g.api_key);
      byApp.set(g.api_key, {
        api_key: g.api_key,
        name: g.name,
        created_at: Math.max(seconds, known?.created_at ?? 0),
        write: g.scope === 'write' || known?.write === true,
      });
    }
    return [...byApp.values()].sort((a, b) => b.created_at - a.created_at || a.name.localeCompare(b.name));
  };

  /** The login this page carries, if its parameters are good, and the page's language either way. */
  const loginOf = (input: unknown, req: FastifyRequest) => {
    const result = readAuthRequest(input, apps, req.headers['accept-language']);
    return result.ok ? { request: result.request, lang: result.request.lang } : { request: undefined, lang: result.lang };
  };

  scope.get('/oauth/grants', async (req, reply) => {
    const { request, lang } = loginOf(req.query, req);
    const session = web.visit(req, reply);
    const user = signedInUser(req);
    const nonce = newNonce();
    // After a revocation: names the app, once it indeed holds no grant.
    const revokedKey = String((req.query as Record<string, unknown>).revoked ?? '');
    const grants = user ? grantsOf(user.id) : [];
    const revoked = user && !grants.some((g) => g.api_key === revokedKey) ? apps.byKey(revokedKey)?.name : undefined;
    const html = grantsPage({ request, lang, csrf: session.csrf, nonce, user, grants, revoked });
    return sendPage(reply, 200, nonce, html);
  });

  scope.post('/oauth/grants/revoke', async (req, reply) => {
    const form = req.body as Record<string, string>;
    const nonce = newNonce();
    if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? '')) {
      const lang = authLang(undefined, req.headers['accept-language']);
      return sendPage(reply, 415, nonce, messagePage({ display: 'fullScreen', lang, nonce }, 'formNotUnderstood', 'formEncoding', '/oauth/grants'));
    }
    const { request, lang } = loginOf(form, req);
    const back = `/oauth/grants?${new URLSearchParams(loginFields(request, lang)).toString()}`;
    if (typeof form.revoke !== 'string') {
      return sendPage(reply, 400, nonce, messagePage({ display: 'fullScreen', lang, nonce }, 'formNotUnderstood', 'chooseRevoke', back));
    }
    if (!web.guard(req, reply, form, { display: request?.display ?? 'fullScreen', lang }, back)) return reply;
    const user = signedInUser(req);
    if (user) {
      apps.revokeWrite(form.revoke, user.id);
      codes.revokeApp(form.revoke, user.id);
    }
    const done = new URLSearchParams(loginFields(request, lang));
    if (user) done.set('revoked', form.revoke);
    return reply.code(303).header('cache-control', 'no-store').header('location', `/oauth/grants?${done.toString()}`).send();
  });
}
