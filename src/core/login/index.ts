/**
 * The login for apps with their own UI (React, Vue, plain DOM): the package's `./auth` entry,
 * both flows and the code flow's session. Not in `src/core/index.ts`, so the core's size budget
 * stays the REST client's.
 *
 * The folder: login.ts starts either flow (what must run inside the click); jwt-answer.ts and
 * code.ts finish them (loaded once the popup is open); popup.ts and redirect.ts are the part the
 * flows share (the popup's answer, the redirect page's `handleRedirect()`); session.ts and
 * tokens.ts keep, refresh and revoke the code flow's tokens; client.ts (slim: host selection
 * and verify; all.js swaps in full.ts) is the one client; shared.ts is the leaf they all import.
 */
export { login, type LoginOptions } from './login.js';
export { CLOSED_MESSAGE, STATE_KEY, type AuthClient, type LoginErrorReason, type LoginFlow, type LoginResult, type LoginScope, type TokenStorage } from './shared.js';
export { verifyToken } from './jwt-answer.js';
export { handleRedirect, redirectUriProblem } from './redirect.js';
export { getSession, Session, type SessionChangeDetail } from './session.js';
