/**
 * The redirect_uri and origin rules of the login page (contract 4.2). DOM-free and shared:
 * the reference service's `/oauth/auth` and the kit's pre-check give the same verdicts.
 *
 * A redirect URI is `postmessage` (any case, with a valid `origin`) or an absolute http(s)
 * URL that passes the contract's five rules, read strictly:
 * 1. no raw IP host except loopback (127.0.0.0/8 written as a dotted quad, and [::1]);
 * 2. no fragment; 3. no userinfo; 4. no path traversal, also percent-encoded or with `\`;
 * 5. RFC 3986 characters only (no whitespace, controls, backslash or raw non-ASCII), valid
 *    percent-encoding, and a host spelled as the URL parser spells it.
 *
 * Each rule gives back a reason or undefined, and the first reason found is the verdict. The
 * kit's `redirectUriProblem` (login/redirect.ts) carries it for apps that check up front.
 */

export type RuleVerdict = { ok: true } | { ok: false; reason: string };

export type OriginVerdict = { ok: true; origin: string } | { ok: false; reason: string };

export type RedirectVerdict =
  | { ok: true; postMessage: false }
  | { ok: true; postMessage: true; origin: string }
  | { ok: false; param: 'redirect_uri' | 'origin'; reason: string };

export const MAX_REDIRECT_URI_LENGTH = 2048;

// RFC 3986: unreserved, reserved and '%', one character; everything else must be percent-encoded.
// (So whitespace, controls, backslash and raw non-ASCII all fail it.)
const URI_CHAR = /[\w\-.~:/?#[\]@!$&'()*+,;=%]/;
const HOST_LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;
const RAW_IP = 'must not have a raw IP host other than 127.x.x.x or [::1]';
const { floor } = Math;

/** True for the special redirect_uri value `postmessage`, in any case. */
export function isPostMessage(value: string): boolean {
  return value.toLowerCase() === 'postmessage';
}

/** Checks a redirect_uri (and, for `postmessage`, the origin that goes with it). */
export function checkRedirectUri(value: unknown, origin?: unknown): RedirectVerdict {
  if (typeof value !== 'string' || value === '') return { ok: false, param: 'redirect_uri', reason: 'is required' };
  if (isPostMessage(value)) {
    const verdict = checkOrigin(origin);
    return verdict.ok ? { ok: true, postMessage: true, origin: verdict.origin } : { ok: false, param: 'origin', reason: verdict.reason };
  }
  const verdict = checkUrl(value);
  return verdict.ok ? { ok: true, postMessage: false } : { ok: false, param: 'redirect_uri', reason: verdict.reason };
}

/**
 * Checks the `origin` of a postmessage request: exactly `scheme://host[:port]` as
 * `window.location.origin` spells it (any case), http or https, host as for redirect URIs.
 * Gives back the serialized origin to post to.
 */
export function checkOrigin(value: unknown): OriginVerdict {
  if (typeof value !== 'string' || value === '') return { ok: false, reason: 'is required when redirect_uri is postmessage' };
  // Whitespace and controls fail the pattern too.
  const authority = value.length <= 300 && /^https?:\/\/([a-z0-9.:[\]-]+)$/i.exec(value)?.[1];
  const url = authority && parse(value);
  const reason = !authority
    ? 'must be only scheme://host[:port] with http or https, e.g. https://app.example.com (at most 300 characters, no path, query, trailing slash or user info)'
    : !url
      ? 'is not a valid origin'
      : (hostProblem(authority, url) ?? (url.origin !== value.toLowerCase() ? `must be spelled as the browser spells it (${url.origin})` : undefined));
  return reason ? { ok: false, reason } : { ok: true, origin: (url as URL).origin };
}

/** Checks a redirect_uri that is not `postmessage`: the five rules alone (no origin check). */
export function checkUrl(value: string): RuleVerdict {
  const reason = urlProblem(value);
  return reason ? { ok: false, reason } : { ok: true };
}

/** What is wrong with a redirect_uri that is not `postmessage` (the five rules), or undefined when it passes. */
export function urlProblem(value: string): string | undefined {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1];
  if (value.length > MAX_REDIRECT_URI_LENGTH) return `is longer than ${MAX_REDIRECT_URI_LENGTH} characters`;
  if (!scheme) return 'must be an http(s) URL or postmessage';
  if (!/^https?$/i.test(scheme)) return `must use http or https, not ${scheme}`;
  const bad = [...value].find((char) => !URI_CHAR.test(char));
  if (bad) return `has a character to percent-encode: ${JSON.stringify(bad)}`;
  if (value.includes('#')) return 'must not have a fragment (#)';
  if (hasTraversal(value)) return 'must not have a path traversal (..)';
  if (/%(?![0-9a-f]{2})/i.test(value)) return 'has a malformed percent-encoding';
  // The raw text between `//` and the path; empty (or no `//`) does not parse below.
  const authority = /^https?:\/\/([^/?]*)/i.exec(value)?.[1] ?? '';
  if (authority.includes('@')) return 'must not have user info (user@host)';
  const url = authority && parse(value);
  return url ? hostProblem(authority, url) : 'must be an absolute URL of the form https://host/path';
}

/** Rule 1 and the host part of rule 5: what is wrong with the host, if anything. `authority` is the raw text between `//` and the path. */
function hostProblem(authority: string, url: URL): string | undefined {
  const host = url.hostname;
  const raw = authority.replace(/:\d*$/, '').toLowerCase();
  const name = host.replace(/\.$/, '');
  return authority[0] == '['
    ? host == '[::1]'
      ? undefined
      : RAW_IP
    : raw != host
      ? `has a host that is not written plainly (${raw} means ${host})`
      : /^\d{1,3}(\.\d{1,3}){3}$/.test(host)
        ? /^127\./.test(host)
          ? undefined
          : RAW_IP
        : name.length > 253 || !name.split('.').every((label) => HOST_LABEL.test(label) && (!label.startsWith('xn--') || isPunycode(label.slice(4))))
          ? `has an invalid host name (${host})`
          : undefined;
}

/**
 * Whether the part of an `xn--` label after the prefix decodes as Punycode (RFC 3492). URL
 * parsers disagree on labels that do not (Chromium keeps them, Node refuses them), so the
 * rule refuses them itself and every caller gets the same verdict.
 */
function isPunycode(encoded: string): boolean {
  // `i` (the decoded position), `k` and `bias` are RFC 3492's own names. No overflow check: a label has at most
  // 59 digits, so `i` stays a finite number, and any `i` past 64 × 0x10ffff makes `code` too large below.
  const basic = encoded.lastIndexOf('-');
  let length = Math.max(basic, 0);
  let code = 128;
  let bias = 72;
  let i = 0;
  for (let position = basic > 0 ? basic + 1 : 0; position < encoded.length; i++) {
    const before = i;
    for (let weight = 1, k = 36; ; k += 36) {
      // Punycode's digits are a–z (0–25) then 0–9 (26–35): base 36 turned by 26. The label is lower case already;
      // anything else (`_`, or past the end) is NaN, not a digit.
      const digit = (parseInt(encoded.charAt(position++), 36) + 26) % 36;
      if (!(digit < 36)) return false;
      i += digit * weight;
      const threshold = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
      if (digit < threshold) break;
      weight *= 36 - threshold;
    }
    let delta = before ? (i - before) >> 1 : floor(i / 700);
    delta += floor(delta / ++length);
    let k = 0;
    for (; delta > 455; k += 36) delta = floor(delta / 35);
    bias = k + floor((36 * delta) / (delta + 38));
    code += floor(i / length);
    i %= length;
    if (code > 0x10ffff || code < 128) return false;
  }
  return length > Math.max(basic, 0);
}

/** `/..`, `\..`, `../` or `..\`, also when the dots or slashes are percent-encoded (even twice). */
function hasTraversal(value: string): boolean {
  let text = value;
  for (let round = 0; round < 4 && text != (text = text.replace(/%(25|2e|2f|5c)/gi, decodeURIComponent)); round++);
  return /[/\\]\.\.|\.\.[/\\]/.test(text);
}

function parse(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** The hosts RFC 8252 calls loopback: 127.0.0.0/8, [::1], and `localhost`. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** The registration that lets an app use any http(s) URL on a loopback host (the demo app has it). */
export const ANY_LOOPBACK = 'loopback';

/**
 * Whether `requested` is the registered redirect URI `registered`: the same text, except that
 * a loopback URL matches on any port (RFC 8252 §7.3), since a native or local app listens on
 * whatever port it gets. `loopback` (ANY_LOOPBACK) matches every http(s) URL on a loopback host.
 */
export function matchesRegistered(registered: string, requested: string): boolean {
  if (registered === requested) return true;
  const asked = parse(requested);
  if (!asked || !/^https?:$/.test(asked.protocol) || !isLoopbackHost(asked.hostname)) return false;
  if (registered === ANY_LOOPBACK) return true;
  const own = parse(registered);
  if (!own || own.protocol !== asked.protocol || own.hostname !== asked.hostname) return false;
  // Port aside, the rest as written: path and query compared as the URL parser spells them.
  return own.username === '' && asked.username === '' && own.pathname === asked.pathname && own.search === asked.search && own.hash === asked.hash;
}
