/**
 * The CDN's sdk.iife.js, a classic script: sets `window.serviceKit` to the client-library API
 * (`init`, `renderButton`, `login`, `verifyToken`, `handleRedirect`, `getSession`, `logout`; see sdk.ts) and defines
 * `<service-login-button>` unless the page has it already. Loaded a second time, it keeps the
 * first `serviceKit`, so the settings an app gave `init` stay in force.
 */
import { getSession, handleRedirect, init, login, logout, renderButton, verifyToken } from './sdk.js';

declare global {
  interface Window {
    serviceKit?: Pick<typeof import('./sdk.js'), 'init' | 'renderButton' | 'login' | 'verifyToken' | 'handleRedirect' | 'getSession' | 'logout'>;
  }
}

window.serviceKit ??= { init, renderButton, login, verifyToken, handleRedirect, getSession, logout };
