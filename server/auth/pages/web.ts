import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { csrfMatches, sessionCookie, sessionIds, SessionStore, type Session } from '../store/session.js';
import { fromOwnOrigin } from '../same-origin.js';
import { messagePage, type PageSetup } from './login.js';

/** What the login page's routes share: its sessions, and how its pages are sent. */
export type LoginWeb = ReturnType<typeof loginWeb>;

export const newNonce = () => randomBytes(16).toString('base64');

/**
 * Sends an HTML page with its nonce-based CSP; `formAction` lists where its forms may lead
 * (null: unrestricted). Referrer-Policy same-origin: the page's own form posts carry its
 * origin (no-referrer would make a browser send `Origin: null`), other sites get no referrer.
 */
export function sendPage(reply: FastifyReply, status: number, nonce: string, html: string, formAction: string | null = "'self'") {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; ${formAction ? `form-action ${formAction}; ` : ''}frame-ancestors 'none'; base-uri 'none'`,
    )
    .header('x-frame-options', 'DENY')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin')
    // The language may come from Accept-Language (issue 28).
    .header('vary', 'Accept-Language')
    .send(html);
}

export function loginWeb() {
  const store = new SessionStore();
  const secure = (req: FastifyRequest) => req.protocol === 'https';
  const setCookie = (req: FastifyRequest, reply: FastifyReply, session: Session) =>
    reply.header('set-cookie', sessionCookie(session.id, store.maxAgeSeconds, secure(req)));

  return {
    /** The request's live session, if any. */
    current: (req: FastifyRequest) => store.find(sessionIds(req.headers.cookie, secure(req))),

    /** The visitor's session; a new visitor session (its cookie set) when there is none. */
    visit(req: FastifyRequest, reply: FastifyReply): Session {
      const found = this.current(req);
      if (found) return found;
      const session = store.create();
      setCookie(req, reply, session);
      return session;
    },

    /**
     * Ends the request's session and starts a new one, signed in as `userId` or a visitor's:
     * a new id and a new form token, so nothing known before carries over.
     */
    replace(req: FastifyRequest, reply: FastifyReply, userId?: number): Session {
      for (const id of sessionIds(req.headers.cookie, secure(req))) store.destroy(id);
      const session = store.create(userId);
      setCookie(req, reply, session);
      return session;
    },

    /**
     * Checks a state-changing POST: sent by a page of this origin, with the form token of the
     * session it carries. Sends the 403 page and returns undefined otherwise.
     */
    guard(req: FastifyRequest, reply: FastifyReply, form: Record<string, string>, look: Omit<PageSetup, 'nonce'>, retryPath?: string): Session | undefined {
      const nonce = newNonce();
      if (!fromOwnOrigin(req)) {
        void sendPage(reply, 403, nonce, messagePage({ ...look, nonce }, 'formRefused', 'formRefusedText', retryPath));
        return undefined;
      }
      const session = this.current(req);
      if (!csrfMatches(session, form.csrf)) {
        void sendPage(reply, 403, nonce, messagePage({ ...look, nonce }, 'formExpired', 'formExpiredText', retryPath));
        return undefined;
      }
      return session;
    },
  };
}
