import type { SquareImages } from '../../../src/core/types.js';
import { badRequest, notFound } from '../../http/errors.js';
import { encodeId } from '../../ids.js';
import { recoverPersonalSigner, signPersonalMessage } from './wallet.js';

/**
 * Login tokens exactly as production makes them (reference-notes, "Login token"): three
 * base64url parts; the third is the base64url of the text `0x` + r + s + v, an EIP-191
 * personal-message signature of `<header>.<payload>` by the user's wallet.
 */

/** The claims inside a token; `iat` is unix seconds (the verify endpoint answers it as a string). */
export interface LoginClaims {
  userId: string;
  email: string;
  name: string;
  handle: string;
  verified: boolean;
  profilePicture: SquareImages | null;
  apiKey: string | null;
  sub: string;
  iat: number;
}

const HEADER = { typ: 'JWT', alg: 'keccak256' } as const;
const MAX_TOKEN_LENGTH = 16_384;

export const TOKEN_ERRORS = {
  undecodableSignature: 'The JWT signature could not be decoded.',
  undecodableHeader: 'The JWT header could not be decoded.',
  undecodablePayload: 'The JWT payload could not be decoded.',
  unrecoverable: 'The JWT signature is invalid - wallet could not be recovered.',
  unknownWallet: 'The JWT signature is invalid - the signing wallet belongs to no user.',
  wrongUser: 'The JWT signature is invalid - it was not signed by the user in the token.',
} as const;

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** The claims for a user who authorized `apiKey` now. */
export function loginClaims(
  user: { id: number; email: string; name: string; handle: string; verified: boolean; profilePicture: SquareImages | null },
  apiKey: string | null,
  now = Date.now(),
): LoginClaims {
  const userId = encodeId(user.id);
  return {
    userId,
    email: user.email,
    name: user.name,
    handle: user.handle,
    verified: user.verified,
    profilePicture: user.profilePicture,
    apiKey,
    sub: userId,
    iat: Math.floor(now / 1000),
  };
}

/** Signs the claims with the user's wallet key (64 hex digits). */
export function signLoginToken(claims: LoginClaims, walletKey: string): string {
  const signed = `${base64url(JSON.stringify(HEADER))}.${base64url(JSON.stringify(claims))}`;
  return `${signed}.${base64url(signPersonalMessage(signed, walletKey))}`;
}

const HALF_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

/** v 27 or 28 and s in the lower half of the curve order: the one form a signer produces. */
function isCanonicalSignature(text: string): boolean {
  const match = /^0x[0-9a-f]{64}([0-9a-f]{64})(1b|1c)$/.exec(text);
  return match !== null && BigInt(`0x${match[1]}`) <= HALF_ORDER;
}

/** Decodes one base64url part (no padding, or its `=` padding), or undefined. */
function decodePart(part: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(part)) return undefined;
  return Buffer.from(part.replace(/=+$/, ''), 'base64url').toString('utf8');
}

function decodeObject(part: string): Record<string, unknown> | undefined {
  const text = decodePart(part);
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A verified token's payload as it was signed (the service's own tokens: a `LoginProfile`'s fields), `iat` as a string. */
export type VerifiedPayload = Record<string, unknown>;

/**
 * Verifies a token: recovers the signing wallet, finds its owner with `userIdOfWallet`, and
 * checks that the owner is the token's `userId`. Throws a 400 or 404 HttpError, nothing else.
 */
export function verifyLoginToken(token: unknown, userIdOfWallet: (address: string) => number | undefined): VerifiedPayload {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) throw badRequest(TOKEN_ERRORS.undecodableSignature);
  const parts = token.split('.');
  if (parts.length !== 3) throw badRequest(TOKEN_ERRORS.undecodableSignature);
  const [header, payload, signature] = parts as [string, string, string];
  const signatureText = decodePart(signature);
  // One spelling per signature (canonical base64url of lower-case hex; v 27/28 and low s below),
  // so a genuine token cannot be re-spelled into other strings that verify as the same user.
  if (signatureText === undefined || base64url(signatureText) !== signature || !/^0x[0-9a-f]{130}$/.test(signatureText)) {
    throw badRequest(TOKEN_ERRORS.undecodableSignature);
  }
  if (!decodeObject(header)) throw badRequest(TOKEN_ERRORS.undecodableHeader);
  const claims = decodeObject(payload);
  if (!claims) throw badRequest(TOKEN_ERRORS.undecodablePayload);

  const signer = isCanonicalSignature(signatureText) ? recoverPersonalSigner(`${header}.${payload}`, signatureText) : undefined;
  if (!signer) throw notFound(TOKEN_ERRORS.unrecoverable);
  const ownerId = userIdOfWallet(signer);
  if (ownerId === undefined) throw notFound(TOKEN_ERRORS.unknownWallet);
  if (claims.userId !== encodeId(ownerId)) throw notFound(TOKEN_ERRORS.wrongUser);

  return claims.iat === undefined ? claims : { ...claims, iat: String(claims.iat) };
}
