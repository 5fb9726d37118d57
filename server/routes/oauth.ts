import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteModule } from '../context.js';
import type { SquareImages } from '../../src/core/types.js';
import { readApi } from '../api/index.js';
import { accountQueries } from '../auth/store/accounts.js';
import { appQueries } from '../auth/store/apps.js';
import { loginClaims, signLoginToken } from '../auth/tokens/jwt.js';
import { consentPage, invalidRequestPage, messagePage, postMessagePage, signInPage } from '../auth/pages/login.js';
import { authPath, readAuthRequest, type AuthRequest } from '../auth/params.js';
import { authLang, authWords, fill } from '../auth/pages/words.js';
import { FULL_COST, hashPassword, needsRehash, verifyPassword } from '../auth/store/passwords.js';
import { LoginThrottle, type ThrottleOptions } from '../auth/throttle.js';
import { deliveryLocation } from '../auth/delivery.js';
import { loginWeb, newNonce, sendPage as page } from '../auth/pages/web.js';
import { oauthOf } from '../auth/tokens/oauth-store.js';
import { grantRoutes } from './oauth-grants.js';

/** Tunables, for tests; the defaults are what the service runs with (see throttle.ts). */
export interface OauthOptions {
  /** One account (or unknown login as typed) from one address. */
  pairThrottle?: Partial<ThrottleOptions>;
  /** One account from all addresses together. */
  accountThrottle?: Partial<ThrottleOptions>;
  /** One address, whatever account it names. */
  addressThrottle?: Partial<ThrottleOptions>;
}

const CANCELLED = 'The user cancelled the sign-in.';

type Form = Record<string, string>;

/** The login prompt page (contract 4.2): GET /oauth/auth and the POSTs of its forms. */
export function createOauthRoutes(options: OauthOptions = {}): RouteModule {
  return (app, ctx) => {
    const accounts = accountQueries(ctx.db);
    const apps = appQueries(ctx.db);
    const { serialize } = readApi(ctx);
    const web = loginWeb();
    const codes = oauthOf(ctx);
    const throttle = new LoginThrottle(options);

    const signedInUser = (req: FastifyRequest) => {
      const userId = web.current(req)?.userId;
      return userId === undefined ? undefined : accounts.byId(userId);
    };

    /** The sign-in form, or the consent screen for a signed-in user. */
    const prompt = (req: FastifyRequest, reply: FastifyReply, request: AuthRequest) => {
      const nonce = newNonce();
      const session = web.visit(req, reply);
      const user = session.userId === undefined ? undefined : accounts.byId(session.userId);
      if (!user) return page(reply, 200, nonce, signInPage({ request, csrf: session.csrf, nonce }), formAction(request));
      return page(reply, 200, nonce, consentPage({ request, csrf: session.csrf, nonce, user }), formAction(request));
    };

    /**
     * A POST's checked request, or undefined once an error page has been sent: 415 for a
     * body that is not a form, 400 for bad login parameters, 403 for a form sent from another
     * origin or without its session's form token.
     */
    const checkedPost = (req: FastifyRequest, reply: FastifyReply): { request: AuthRequest; form: Form } | undefined => {
      const nonce = newNonce();
      if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? '')) {
        const lang = authLang(undefined, req.headers['accept-language']);
        void page(reply, 415, nonce, messagePage({ display: 'popup', lang, nonce }, 'formNotUnderstood', 'formEncoding'));
        return undefined;
      }
      const form = req.body as Form;
      const result = readAuthRequest(form, apps, req.headers['accept-language']);
      if (!result.ok) {
        void page(reply, 400, nonce, invalidRequestPage(result.problems, { display: result.display, lang: result.lang, nonce }));
        return undefined;
      }
      const { display, lang } = result.request;
      if (!web.guard(req, reply, form, { display, lang }, authPath(result.request))) return undefined;
      return { request: result.request, form };
    };

    app.register(async (scope) => {
      // Forms arrive URL-encoded; URLSearchParams decodes them. A repeated field keeps its last value.
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 32_768 }, (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      });
      scope.setErrorHandler((error: FastifyError, req, reply) => {
        const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
        if (status === 500) req.log.error(error);
        const nonce = newNonce();
        // A body that could not be read has no lang field: the query's, if any, or the header.
        const asked = (req.body as Form | undefined)?.lang ?? (req.query as Record<string, unknown> | undefined)?.lang;
        const setup = { display: 'popup' as const, lang: authLang(asked, req.headers['accept-language']), nonce };
        if (status === 500) return page(reply, status, nonce, messagePage(setup, 'somethingWrong', 'ourSide'));
        return page(reply, status, nonce, messagePage(setup, 'somethingWrong', 'requestRefused', undefined, error.message));
      });

      scope.get('/oauth/auth', async (req, reply) => {
        const result = readAuthRequest(req.query, apps, req.headers['accept-language']);
        if (!result.ok) return refuse(reply, result);
        return prompt(req, reply, result.request);
      });

      // The code flow's entry (production's path): the same checks, then the same page. The
      // page lives under /oauth, where its session cookie is sent, so the browser is sent there.
      scope.get('/v1/oauth/authorize', async (req, reply) => {
        const result = readAuthRequest(req.query, apps, req.headers['accept-language']);
        if (!result.ok) return refuse(reply, result, '/v1/oauth/authorize');
        return reply.code(302).header('cache-control', 'no-store').header('location', authPath(result.request)).send();
      });

      scope.post('/oauth/login', async (req, reply) => {
        const checked = checkedPost(req, reply);
        if (!checked) return reply;
        const { request, form } = checked;
        const login = (form.login ?? '').trim();
        const password = form.password ?? '';
        const nonce = newNonce();
        const words = authWords(request.lang);
        const again = (status: number, error: string) =>
          page(reply, status, nonce, signInPage({ request, csrf: web.visit(req, reply).csrf, nonce, login, error }), formAction(request));
        if (login === '' || password === '') return again(422, words.enterBoth);

        const account = accounts.byLogin(login);
        // One count per account, whether it is named by email or by handle.
        const keys = throttle.keys(account ? `account:${account.id}` : `login:${login.toLowerCase()}`, req.ip);
        const waitMs = throttle.waitMs(keys);
        if (waitMs > 0) {
          const seconds = Math.ceil(waitMs / 1000);
          reply.header('retry-after', String(seconds));
          const wait = new Intl.NumberFormat(request.lang, { style: 'unit', unit: 'second', unitDisplay: 'long' }).format(seconds);
          return again(429, fill(words.tooMany, { wait }));
        }

        if (!(await verifyPassword(password, account?.password_hash ?? null)) || !account) {
          throttle.fail(keys);
          return again(422, words.noMatch);
        }
        throttle.succeed(keys);
        // Generated accounts start with a cheap hash; the first sign-in upgrades it.
        if (needsRehash(account.password_hash)) accounts.setPasswordHash(account.id, await hashPassword(password, FULL_COST));
        web.replace(req, reply, account.id); // a new session and form token: nothing from before sign-in carries over
        return reply
          .code(303)
          .header('cache-control', 'no-store')
          .header('location', authPath(request))
          .send();
      });

      scope.post('/oauth/logout', async (req, reply) => {
        const checked = checkedPost(req, reply);
        if (!checked) return reply;
        web.replace(req, reply); // a visitor's session again, with a new form token
        return reply
          .code(303)
          .header('cache-control', 'no-store')
          .header('location', authPath(checked.request))
          .send();
      });

      scope.post('/oauth/authorize', async (req, reply) => {
        const checked = checkedPost(req, reply);
        if (!checked) return reply;
        const { request, form } = checked;
        if (form.decision === 'cancel') return deliver(reply, request, { error: 'access_denied', error_description: CANCELLED });
        const nonce = newNonce();
        if (form.decision !== 'authorize') {
          return page(reply, 400, nonce, messagePage({ display: request.display, lang: request.lang, nonce }, 'formNotUnderstood', 'chooseDecision', authPath(request)));
        }
        const user = signedInUser(req);
        if (!user) return reply.code(303).header('cache-control', 'no-store').header('location', authPath(request)).send();
        if (request.codeChallenge !== undefined) {
          const code = codes.createCode({
            apiKey: request.app.api_key,
            userId: user.id,
            scope: request.scope,
            redirectUri: request.redirectUri,
            challenge: request.codeChallenge,
          });
          return deliver(reply, request, { code });
        }
        // The latest consent decides: read-only takes back an earlier write grant.
        if (request.scope === 'write') apps.grantWrite(request.app.api_key, user.id);
        else apps.revokeWrite(request.app.api_key, user.id);
        const profilePicture = serialize.images<SquareImages>(user.profile_picture) ?? null;
        const claims = loginClaims({ ...user, verified: user.is_verified === 1, profilePicture }, request.app.api_key);
        return deliver(reply, request, { token: signLoginToken(claims, user.wallet_key) });
      });

      grantRoutes(scope, { web, apps, codes, signedInUser });
    });

    /**
     * A login link that cannot be followed: an error page, or, for a code-flow request whose
     * app and redirect URI are good, `invalid_request` sent back to the app (RFC 6749 §4.1.2.1).
     */
    const refuse = (reply: FastifyReply, result: Extract<ReturnType<typeof readAuthRequest>, { ok: false }>, entry = '/oauth/auth') => {
      if (result.redirect) {
        const fields: Record<string, string> = {};
        if (result.redirect.state !== undefined) fields.state = result.redirect.state;
        fields.error = 'invalid_request';
        fields.error_description = result.problems.map((p) => `${p.param} ${p.reason}`).join('; ');
        return reply.code(302).header('cache-control', 'no-store').header('location', deliveryLocation(result.redirect, fields)).send();
      }
      const nonce = newNonce();
      return page(reply, 400, nonce, invalidRequestPage(result.problems, { display: result.display, lang: result.lang, nonce }, entry));
    };

    /** Hands the outcome to the app: a redirect, or a page that posts it to the opener. */
    const deliver = (reply: FastifyReply, request: AuthRequest, outcome: Record<string, string>) => {
      const fields: Record<string, string> = {};
      if (request.state !== undefined) fields.state = request.state; // state first, as production orders it
      Object.assign(fields, outcome);
      if (request.origin === undefined) {
        return reply.code(302).header('cache-control', 'no-store').header('location', deliveryLocation(request, fields)).send();
      }
      const nonce = newNonce();
      const kind = outcome.token || outcome.code ? 'authorized' : 'cancelled';
      return page(reply, 200, nonce, postMessagePage(fields, request.origin, kind, { display: request.display, lang: request.lang, nonce }));
    };
  };
}

/**
 * The CSP form-action of the sign-in and consent pages: browsers apply it to the redirect
 * that follows Authorize or Cancel, so the app's origin is named next to 'self'.
 */
function formAction(request: AuthRequest): string | null {
  if (request.origin !== undefined) return "'self'";
  const origin = new URL(request.redirectUri).origin;
  // CSP cannot name an IPv6 literal ([::1]): such pages go without form-action rather than break the redirect.
  return origin.includes('[') ? null : `'self' ${origin}`;
}

export const oauthRoutes: RouteModule = createOauthRoutes();
