/**
 * The login flow's parts loaded when used, as one module: the CDN's `login-flow.js`, which the
 * CDN files load beside themselves at a login, on a page a login came back to, or when a
 * signed-in session first calls the service (scripts/build/lazy-parts.ts). Every caller passes
 * its client, so nothing here reads a copy of the page's settings of its own.
 */
export { redirect, handleRedirect } from './redirect.js';
export { startCodeLogin } from './code.js';
export { awaitAnswer, verifyToken } from './jwt-answer.js';
export { callService, requestTokens, revokeToken } from './tokens.js';
