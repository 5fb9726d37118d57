import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { LoginProfile } from '../core/types.js';
import type { Session } from '../core/login/session.js';

/**
 * The signed-in user of a page's session, for an element: read after each of its updates and on
 * every `service-session-change`, so a sign-in or sign-out anywhere on the page (another element,
 * the SDK, another copy of the kit) shows. It renders nothing; the element reads `profile`.
 */
export class SessionUser implements ReactiveController {
  /** The session's user; undefined when signed out, with no session, and before the first update (a server render shows none, and hydration must match it). */
  profile?: LoginProfile;

  constructor(
    private readonly host: ReactiveControllerHost,
    /** The session to follow now (the element's settings may change), or none. */
    private readonly session: () => Session | undefined,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    document.addEventListener('service-session-change', this.sync);
  }

  hostDisconnected(): void {
    document.removeEventListener('service-session-change', this.sync);
  }

  hostUpdated(): void {
    this.sync();
  }

  private readonly sync = (): void => {
    const profile = this.session()?.profile;
    if (profile == this.profile) return;
    this.profile = profile;
    this.host.requestUpdate();
  };
}
