/**
 * The login flow for apps with their own UI (React, Vue, plain DOM): the package's `./auth`
 * entry. Not in `src/core/index.ts`, so the core's size budget stays the REST client's.
 */
export { CLOSED_MESSAGE, login, STATE_KEY } from './auth.js';
export { verifyToken } from './auth-answer.js';
export type { LoginErrorReason, LoginOptions, LoginResult, LoginScope } from './auth.js';
export { handleRedirect, redirectUriProblem } from './auth-redirect.js';
export type { AuthClient } from './auth-client.js';
