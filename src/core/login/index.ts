/**
 * The login flow for apps with their own UI (React, Vue, plain DOM): the package's `./auth`
 * entry. Not in `src/core/index.ts`, so the core's size budget stays the REST client's.
 */
export { login, type LoginOptions } from './login.js';
export { CLOSED_MESSAGE, STATE_KEY, type AuthClient, type LoginErrorReason, type LoginResult, type LoginScope } from './shared.js';
export { verifyToken } from './jwt-answer.js';
export { handleRedirect, redirectUriProblem } from './redirect.js';
