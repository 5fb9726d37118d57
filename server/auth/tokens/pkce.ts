import { createHash } from 'node:crypto';

/** RFC 7636 §4.1: a code verifier is 43 to 128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge is base64url of a SHA-256 digest without padding: 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export const isS256Challenge = (value: string): boolean => S256_CHALLENGE.test(value);

/** The S256 challenge of `verifier` (base64url of its SHA-256), or undefined for a malformed verifier. */
export function challengeOf(verifier: string): string | undefined {
  return VERIFIER.test(verifier) ? createHash('sha256').update(verifier, 'ascii').digest('base64url') : undefined;
}
