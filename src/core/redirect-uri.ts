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
 */

export type RuleVerdict = { ok: true } | { ok: false; reason: string };

export type OriginVerdict = { ok: true; origin: string } | { ok: false; reason: string };

export type RedirectVerdict =
  | { ok: true; postMessage: false }
  | { ok: true; postMessage: true; origin: string }
  | { ok: false; param: 'redirect_uri' | 'origin'; reason: string };

export const MAX_REDIRECT_URI_LENGTH = 2048;

// RFC 3986: unreserved, reserved and '%'; everything else must be percent-encoded.
const URI_CHARS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/;
const HOST_LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;
const DOTTED_QUAD = /^(\d{1,3})\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

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
  if (value.length > 300) return { ok: false, reason: 'is longer than 300 characters' };
  if (CONTROL_OR_SPACE.test(value)) return { ok: false, reason: 'contains whitespace or a control character' };
  const match = /^(https?):\/\/([A-Za-z0-9.\-:[\]]+)$/i.exec(value);
  if (!match) {
    return { ok: false, reason: 'must be only scheme://host[:port] with http or https, e.g. https://app.example.com (no path, query, trailing slash or user info)' };
  }
  const url = parse(value);
  if (!url) return { ok: false, reason: 'is not a valid origin' };
  const host = checkHost(match[2]!, url);
  if (!host.ok) return host;
  if (url.origin !== value.toLowerCase()) {
    return { ok: false, reason: `must be spelled as the browser spells it (${url.origin})` };
  }
  return { ok: true, origin: url.origin };
}

/** Checks a redirect_uri that is not `postmessage`: the five rules alone (no origin check). */
export function checkUrl(value: string): RuleVerdict {
  if (value.length > MAX_REDIRECT_URI_LENGTH) return fail(`is longer than ${MAX_REDIRECT_URI_LENGTH} characters`);
  if (CONTROL_OR_SPACE.test(value)) return fail('contains whitespace or a control character');
  if (value.includes('#')) return fail('contains a fragment (#), which is not allowed');
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(value)?.[1];
  if (!scheme) return fail('is not an absolute URL; it must start with http:// or https://, or be postmessage');
  if (!/^https?$/i.test(scheme)) return fail(`must use http or https, not ${scheme}`);
  if (!/^https?:\/\/[^/\\]/i.test(value)) return fail('must be an absolute URL of the form https://host/path');
  if (hasTraversal(value)) return fail('contains a path traversal (..), which is not allowed');
  if (!URI_CHARS.test(value)) {
    const bad = [...value].find((c) => !URI_CHARS.test(c))!;
    return fail(`contains a character that is not allowed in a URI (${JSON.stringify(bad)}); percent-encode it`);
  }
  if (/%(?![0-9A-Fa-f]{2})/.test(value)) return fail('contains a malformed percent-encoding');
  const authority = /^[^:]+:\/\/([^/?]*)/.exec(value)![1]!;
  if (authority.includes('@')) return fail('contains user information (user@host), which is not allowed');
  const url = parse(value);
  if (!url) return fail('is not a valid URL');
  return checkHost(authority, url);
}

/** Rule 1 and the host part of rule 5. `authority` is the raw text between `//` and the path. */
function checkHost(authority: string, url: URL): RuleVerdict {
  if (url.hostname === '') return fail('has no host');
  if (authority.startsWith('[')) {
    return url.hostname === '[::1]' ? { ok: true } : fail(`has a raw IP host (${url.hostname}); only the loopback addresses 127.x.x.x and [::1] are allowed`);
  }
  const rawHost = authority.replace(/:\d*$/, '').toLowerCase();
  if (rawHost !== url.hostname) {
    return fail(`has a host that is not written plainly (${rawHost} means ${url.hostname})`);
  }
  const quad = DOTTED_QUAD.exec(url.hostname);
  if (quad) {
    return quad[1] === '127' ? { ok: true } : fail(`has a raw IP host (${url.hostname}); only the loopback addresses 127.x.x.x and [::1] are allowed`);
  }
  const name = url.hostname.replace(/\.$/, '');
  const labels = name.split('.');
  if (name.length > 253 || !labels.every((label) => HOST_LABEL.test(label) && (!label.startsWith('xn--') || isPunycode(label.slice(4))))) {
    return fail(`has an invalid host name (${url.hostname})`);
  }
  return { ok: true };
}

/**
 * Whether the part of an `xn--` label after the prefix decodes as Punycode (RFC 3492). URL
 * parsers disagree on labels that do not (Chromium keeps them, Node refuses them), so the
 * rule refuses them itself and every caller gets the same verdict.
 */
function isPunycode(encoded: string): boolean {
  const basic = encoded.lastIndexOf('-');
  let length = Math.max(basic, 0);
  let code = 128;
  let bias = 72;
  let i = 0;
  for (let p = basic > 0 ? basic + 1 : 0; p < encoded.length; ) {
    const before = i;
    for (let weight = 1, k = 36; ; k += 36) {
      if (p >= encoded.length) return false;
      const c = encoded.charCodeAt(p++);
      const digit = c >= 97 && c <= 122 ? c - 97 : c >= 48 && c <= 57 ? c - 22 : 36;
      if (digit > 35) return false;
      i += digit * weight;
      const t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
      if (digit < t) break;
      weight *= 36 - t;
      if (i > 0x10ffff * 64) return false;
    }
    length++;
    let delta = before === 0 ? Math.floor(i / 700) : (i - before) >> 1;
    delta += Math.floor(delta / length);
    let k = 0;
    for (; delta > 455; k += 36) delta = Math.floor(delta / 35);
    bias = k + Math.floor((36 * delta) / (delta + 38));
    code += Math.floor(i / length);
    i %= length;
    if (code > 0x10ffff || code < 128) return false;
    i++;
  }
  return length > Math.max(basic, 0);
}

/** `/..`, `\..`, `../` or `..\`, also when the dots or slashes are percent-encoded (even twice). */
function hasTraversal(value: string): boolean {
  let text = value;
  for (let round = 0; round < 4; round++) {
    const decoded = text.replace(/%(25|2e|2f|5c)/gi, (code) => decodeURIComponent(code));
    if (decoded === text) break;
    text = decoded;
  }
  return /[/\\]\.\.|\.\.[/\\]/.test(text);
}

function parse(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

function fail(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}
