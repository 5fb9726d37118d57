/**
 * Tampered and forged login tokens, made from one genuine token: every part altered,
 * truncated, re-signed by other wallets, payloads swapped between users, other headers,
 * padding games, extra dots, empty parts, characters outside base64url, huge tokens.
 * `altered` tokens claim something the genuine one does not, or carry bytes its signature
 * does not cover: none may be accepted. `reencoded` ones spell the genuine signature another
 * way (same signer, same claims): listed apart, since accepting one admits no other user.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { signPersonalMessage } from '../../server/auth/tokens/wallet.js';

export interface TokenCase {
  label: string;
  token: string;
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const unb64 = (part: string) => Buffer.from(part, 'base64url').toString('utf8');
const N = secp256k1.Point.CURVE().n;
const hex64 = (n: bigint) => n.toString(16).padStart(64, '0');

export interface Keys {
  /** The genuine token of the demo user. */
  genuine: string;
  /** A genuine token of another user (payload and signature to swap). */
  other: string;
  otherUserId: string;
  otherKey: string;
  demoKey: string;
  /** A wallet that belongs to no user. */
  strangerKey: string;
}

export function tokenCases(k: Keys, full: boolean): { altered: TokenCase[]; reencoded: TokenCase[] } {
  const [h, p, s] = k.genuine.split('.') as [string, string, string];
  const [, p2, s2] = k.other.split('.') as [string, string, string];
  const claims = JSON.parse(unb64(p)) as Record<string, unknown>;
  const sig = unb64(s);
  const cases: TokenCase[] = [];
  const add = (label: string, token: string) => cases.push({ label, token });
  const sign = (header: string, payload: string, key: string) => `${header}.${payload}.${b64(signPersonalMessage(`${header}.${payload}`, key))}`;

  // The payload's claims changed, removed or added; the genuine signature kept.
  const values: Record<string, unknown[]> = {
    userId: [k.otherUserId, '', null, 1, `${claims.userId} `, String(claims.userId).toLowerCase(), `${claims.userId}\u0000`, [claims.userId]],
    sub: [k.otherUserId, null, 0],
    email: ['attacker@example.com', '', null, 'DEMO@example.com'],
    name: ['<script>alert(1)</script>', 'Admin', ''],
    handle: ['admin', 'Demo', '@demo'],
    verified: [!claims.verified, 'true', 1, null],
    profilePicture: [{ '150x150': 'javascript:alert(1)' }, null, 'x', []],
    apiKey: ['0'.repeat(40), null, 'x'.repeat(1000)],
    iat: [Number(claims.iat) + 1, String(claims.iat), -1, 1e20, null],
  };
  for (const [field, list] of Object.entries(values)) {
    for (const value of list) add(`payload ${field}=${JSON.stringify(value)?.slice(0, 20)}`, `${h}.${b64(JSON.stringify({ ...claims, [field]: value }))}.${s}`);
    const { [field]: _, ...rest } = claims;
    add(`payload without ${field}`, `${h}.${b64(JSON.stringify(rest))}.${s}`);
  }
  for (const extra of [{ admin: true }, { scope: 'write' }, { exp: 0 }, { aud: 'other' }, { userId2: k.otherUserId }]) {
    add(`payload plus ${Object.keys(extra)[0]}`, `${h}.${b64(JSON.stringify({ ...claims, ...extra }))}.${s}`);
  }
  // The same claims in other bytes: the signature covers the text, not its meaning.
  const json = JSON.stringify(claims);
  const sameMeaning = [
    JSON.stringify(claims, null, 1), JSON.stringify(Object.fromEntries(Object.entries(claims).reverse())), json.replace('{', '{ '),
    json.replace(`"userId":"${claims.userId}"`, `"userId":"${k.otherUserId}","userId":"${claims.userId}"`),
    json.replace(`"userId":"${claims.userId}"`, `"userId":"${claims.userId}","userId":"${k.otherUserId}"`),
    json.replace(/"userId":"(.)/, (_, c: string) => `"userId":"\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    json.replace('{', '{"__proto__":{"admin":true},'), `${json} `, `${json}\u0000`, `\ufeff${json}`,
  ];
  sameMeaning.forEach((text, i) => add(`payload re-serialized #${i}`, `${h}.${b64(text)}.${s}`));
  for (const text of ['[]', 'null', '"demo"', '42', '{}', '{', '', 'not json', '[{"userId":"7eP5n"}]']) add(`payload ${JSON.stringify(text)}`, `${h}.${b64(text)}.${s}`);

  // Other headers, the genuine payload and signature kept.
  const headers: unknown[] = [
    { typ: 'JWT', alg: 'none' }, { typ: 'JWT', alg: 'HS256' }, { typ: 'JWT', alg: 'RS256' }, { typ: 'JWT', alg: 'ES256K' }, { typ: 'JWT', alg: '' },
    { typ: 'JWT', alg: null }, { typ: 'JWS', alg: 'keccak256' }, { alg: 'keccak256' }, { typ: 'JWT', alg: 'keccak256', kid: '../../etc/passwd' },
    { typ: 'JWT', alg: 'keccak256', jku: 'http://127.0.0.1:1/jwks' }, { alg: 'keccak256', typ: 'JWT' }, {}, [], null, 'JWT',
  ];
  headers.forEach((header, i) => add(`header #${i} ${JSON.stringify(header)}`, `${b64(JSON.stringify(header))}.${p}.${s}`));
  add('header not JSON', `${b64('{"typ":"JWT",')}.${p}.${s}`);
  add('alg none, no signature', `${b64(JSON.stringify({ typ: 'JWT', alg: 'none' }))}.${p}.`);

  // Signature bytes flipped: r, s and v, one hex digit at a time, and whole values replaced.
  const body = sig.slice(2);
  const positions = full ? Array.from({ length: 130 }, (_, i) => i) : [0, 1, 7, 20, 31, 40, 63, 64, 65, 80, 100, 127, 128, 129];
  for (const i of positions) {
    for (const d of full ? ['0', '8', 'f'] : ['f']) {
      const flipped = body[i] === d ? (d === 'f' ? 'e' : 'f') : d;
      add(`signature digit ${i} -> ${flipped}`, `${h}.${p}.${b64(`0x${body.slice(0, i)}${flipped}${body.slice(i + 1)}`)}`);
    }
  }
  const r = body.slice(0, 64), sv = body.slice(64, 128), v = body.slice(128);
  const replaced: Record<string, string> = {
    'v 00 + 26': `${r}${sv}1a`, 'v 29': `${r}${sv}1d`, 'v ff': `${r}${sv}ff`, 'v 02': `${r}${sv}02`, 'r = 0': `${hex64(0n)}${sv}${v}`,
    's = 0': `${r}${hex64(0n)}${v}`, 'r = n': `${hex64(N)}${sv}${v}`, 's = n': `${r}${hex64(N)}${v}`, 'r and s swapped': `${sv}${r}${v}`,
    'all zero': '0'.repeat(130), 'all f': 'f'.repeat(130), 'r = n + r': `${(N + BigInt(`0x${r}`)).toString(16).padStart(64, '0')}${sv}${v}`.slice(0, 130),
    'v flipped': `${r}${sv}${v === '1b' ? '1c' : '1b'}`,
  };
  for (const [label, text] of Object.entries(replaced)) add(`signature ${label}`, `${h}.${p}.${b64(`0x${text}`)}`);
  for (const [label, text] of Object.entries({ 'no 0x': body, '131 digits': `0x${body}0`, '129 digits': `0x${body.slice(1)}`, 'not hex': `0x${'g'.repeat(130)}`, spaced: ` ${sig}`, 'bytes not text': '' })) {
    add(`signature ${label}`, `${h}.${p}.${label === 'bytes not text' ? Buffer.from(body, 'hex').toString('base64url') : b64(text)}`);
  }
  // Signed, but not by the demo user's wallet over these bytes.
  add('re-signed by another user', sign(h, p, k.otherKey));
  add('re-signed by a wallet of no user', sign(h, p, k.strangerKey));
  add('other user id, signed by the demo user', sign(h, b64(JSON.stringify({ ...claims, userId: k.otherUserId, sub: k.otherUserId })), k.demoKey));
  add('demo claims, signed by the other user', sign(h, b64(JSON.stringify({ ...claims, email: 'x@example.com' })), k.otherKey));
  add('signature of the payload alone', `${h}.${p}.${b64(signPersonalMessage(p, k.demoKey))}`);
  add('signature of another message', `${h}.${p}.${b64(signPersonalMessage('hello', k.demoKey))}`);
  add('payload swapped: demo header and signature, other payload', `${h}.${p2}.${s}`);
  add('payload swapped: demo payload, other signature', `${h}.${p}.${s2}`);
  add('parts in another order', `${p}.${h}.${s}`);

  // Truncated, extra dots, empty parts.
  const step = full ? 1 : 9;
  for (let n = 0; n < k.genuine.length; n += step) add(`truncated to ${n}`, k.genuine.slice(0, n));
  for (const [label, token] of Object.entries({
    'trailing dot': `${k.genuine}.`, 'leading dot': `.${k.genuine}`, 'double dot 1': `${h}..${p}.${s}`, 'double dot 2': `${h}.${p}..${s}`,
    'four parts': `${k.genuine}.${s}`, 'fifth part': `${k.genuine}.x.y`, 'two parts': `${h}.${p}`, 'one part': h, 'dots only': '..', dot: '.',
    'empty header': `.${p}.${s}`, 'empty payload': `${h}..${s}`, 'empty signature': `${h}.${p}.`, 'all empty': '', 'space': ' ',
    'header cut': `${h.slice(0, -2)}.${p}.${s}`, 'payload cut': `${h}.${p.slice(0, -3)}.${s}`, 'signature cut': `${h}.${p}.${s.slice(0, -4)}`,
  })) add(label, token);

  // Characters outside base64url, and padding games, in each part.
  const parts = [h, p, s];
  const chars = ['!', '*', '+', '/', ' ', '%', 'é', '\u0000', '\n', '~', '"', '<', '=', '=='];
  parts.forEach((part, at) => {
    for (const c of chars) {
      for (const where of [0, Math.floor(part.length / 2)]) {
        const changed = [...parts];
        changed[at] = part.slice(0, where) + c + part.slice(where);
        add(`part ${at}: ${JSON.stringify(c)} at ${where}`, changed.join('.'));
      }
    }
    if (at < 2) {
      for (const pad of ['=', '==', '===', '====']) add(`part ${at} padded ${pad}`, parts.map((x, i) => (i === at ? x + pad : x)).join('.'));
      add(`part ${at} in standard base64`, parts.map((x, i) => (i === at ? Buffer.from(unb64(x)).toString('base64') : x)).join('.'));
    }
  });
  // Huge: long claims (re-encoded, the genuine signature kept) and long junk, under the 16 KiB request-head limit.
  add('payload with a 9 kB name', `${h}.${b64(JSON.stringify({ ...claims, name: 'n'.repeat(9_000) }))}.${s}`);
  add('15 kB of junk', 'a'.repeat(7_000) + '.' + 'b'.repeat(7_000) + '.' + s);
  add('15 kB signature', `${h}.${p}.${'A'.repeat(15_000)}`);

  // The genuine signature spelled another way.
  const reencoded: TokenCase[] = [];
  const again = (label: string, signature: string) => reencoded.push({ label, token: `${h}.${p}.${signature}` });
  again('signature part padded =', `${s}=`);
  again('signature part padded ==', `${s}==`);
  again('signature part plus one spare base64 digit', `${s}A`);
  again('v as 0/1 instead of 27/28', b64(`0x${r}${sv}${(parseInt(v, 16) - 27).toString(16).padStart(2, '0')}`));
  again('hex digits in upper case', b64(`0x${body.toUpperCase()}`));
  const highS = hex64(N - BigInt(`0x${sv}`));
  again('malleated: (r, n - s, other v)', b64(`0x${r}${highS}${v === '1b' ? '1c' : '1b'}`));

  const seen = new Set([k.genuine]);
  const unique = (list: TokenCase[]) => list.filter((c) => !seen.has(c.token) && seen.add(c.token));
  return { altered: unique(cases), reencoded: unique(reencoded) };
}
