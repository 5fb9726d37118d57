import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Cookies of the login page; Path=/oauth keeps them off the API. */
export const SESSION_COOKIE = 'oauth_session';
export const CSRF_COOKIE = 'oauth_csrf';
const SESSION_TTL_MS = 8 * 60 * 60_000;

/** Signed-in users of the login page, in memory: a restart signs everyone out. */
export class SessionStore {
  private readonly sessions = new Map<string, { userId: number; expires: number }>();

  create(userId: number): string {
    const id = randomBytes(32).toString('base64url');
    this.sessions.set(id, { userId, expires: Date.now() + SESSION_TTL_MS });
    if (this.sessions.size > 10_000) this.prune();
    return id;
  }

  userId(id: string | undefined): number | undefined {
    if (!id) return undefined;
    const session = this.sessions.get(id);
    if (!session) return undefined;
    if (session.expires <= Date.now()) {
      this.sessions.delete(id);
      return undefined;
    }
    return session.userId;
  }

  destroy(id: string | undefined): void {
    if (id) this.sessions.delete(id);
  }

  readonly maxAgeSeconds = SESSION_TTL_MS / 1000;

  private prune(): void {
    const now = Date.now();
    for (const [id, session] of this.sessions) if (session.expires <= now) this.sessions.delete(id);
  }
}

/**
 * CSRF tokens, signed double submit: the browser holds a random HttpOnly cookie and every
 * form carries HMAC(server key, cookie). A cross-site page can neither read the cookie nor
 * compute the token, so a POST without a matching pair is refused.
 */
export class CsrfTokens {
  private readonly key = randomBytes(32);

  newCookieValue(): string {
    return randomBytes(24).toString('base64url');
  }

  tokenFor(cookieValue: string): string {
    return createHmac('sha256', this.key).update(cookieValue).digest('base64url');
  }

  check(cookieValue: string | undefined, token: unknown): boolean {
    if (!cookieValue || typeof token !== 'string') return false;
    const expected = Buffer.from(this.tokenFor(cookieValue));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/** The cookies of a request (name → first value). */
export function readCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    if (!cookies.has(name)) cookies.set(name, pair.slice(at + 1).trim());
  }
  return cookies;
}

/** A Set-Cookie value: HttpOnly, SameSite=Lax (the popup is a top-level page), Path=/oauth. */
export function cookie(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${name}=${value}; Path=/oauth; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
