import { randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The login page's one cookie: a session id the server chose. Over https it is
 * `__Host-oauth_session` (Secure, Path=/, no Domain: only this origin can set it); over plain
 * http a browser refuses that prefix, so it is `oauth_session` with Path=/oauth.
 */
export const SESSION_COOKIE = 'oauth_session';
const SECURE_COOKIE = `__Host-${SESSION_COOKIE}`;
const SIGNED_IN_TTL_MS = 8 * 60 * 60_000;
const VISITOR_TTL_MS = 60 * 60_000;
/** Visitor sessions kept at most; the oldest goes first, so requests alone cannot fill memory. */
const MAX_VISITORS = 50_000;
const MAX_SIGNED_IN = 100_000;

/** A session: a visitor's (no user yet) or a signed-in user's; `csrf` is its form token. */
export interface Session {
  id: string;
  userId?: number;
  csrf: string;
  expires: number;
}

const newId = () => randomBytes(32).toString('base64url');

/**
 * Sessions of the login page, in memory (a restart signs everyone out). The form token lives
 * on the server next to the session, so a client can neither choose it nor carry one visitor's
 * token to another's session. Signing in and signing out replace the session (and its token).
 */
export class SessionStore {
  private readonly visitors = new Map<string, Session>();
  private readonly signedIn = new Map<string, Session>();

  /** A fresh session; `userId` makes it a signed-in one. */
  create(userId?: number): Session {
    const signed = userId !== undefined;
    const session: Session = { id: newId(), csrf: newId(), expires: Date.now() + (signed ? SIGNED_IN_TTL_MS : VISITOR_TTL_MS) };
    if (signed) session.userId = userId;
    const map = signed ? this.signedIn : this.visitors;
    map.set(session.id, session);
    if (map.size > (signed ? MAX_SIGNED_IN : MAX_VISITORS)) this.prune(map);
    return session;
  }

  /** The first of `ids` that names a live session. */
  find(ids: string[]): Session | undefined {
    for (const id of ids) {
      const session = this.signedIn.get(id) ?? this.visitors.get(id);
      if (!session) continue;
      if (session.expires > Date.now()) return session;
      this.destroy(id);
    }
    return undefined;
  }

  destroy(id: string | undefined): void {
    if (id === undefined) return;
    this.signedIn.delete(id);
    this.visitors.delete(id);
  }

  /** The cookie's lifetime, the longer of the two kinds. */
  readonly maxAgeSeconds = SIGNED_IN_TTL_MS / 1000;

  /** Drops expired sessions, then the oldest while the map is over its cap (Maps keep insertion order). */
  private prune(map: Map<string, Session>): void {
    const now = Date.now();
    for (const [id, session] of map) if (session.expires <= now) map.delete(id);
    const cap = map === this.signedIn ? MAX_SIGNED_IN : MAX_VISITORS;
    for (const id of map.keys()) {
      if (map.size <= cap) break;
      map.delete(id);
    }
  }
}

/** Whether `token` is the session's form token; compared in constant time. */
export function csrfMatches(session: Session | undefined, token: unknown): boolean {
  if (!session || typeof token !== 'string') return false;
  const expected = Buffer.from(session.csrf);
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Every value of the session cookie a request carries (a cookie set on another path or port comes too). */
export function sessionIds(header: string | undefined, secure: boolean): string[] {
  const name = secure ? SECURE_COOKIE : SESSION_COOKIE;
  const ids: string[] = [];
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) ids.push(pair.slice(at + 1).trim());
  }
  return ids;
}

/** The session cookie's Set-Cookie value: HttpOnly, SameSite=Lax (the popup is a top-level page). */
export function sessionCookie(id: string, maxAgeSeconds: number, secure: boolean): string {
  const attributes = `Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax`;
  return secure ? `${SECURE_COOKIE}=${id}; Path=/; ${attributes}; Secure` : `${SESSION_COOKIE}=${id}; Path=/oauth; ${attributes}`;
}
