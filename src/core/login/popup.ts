/**
 * The popup part both flows share: sending the popup to the login page once its address is
 * known, waiting for the one answer the popup posts, and noticing a popup closed without one.
 * Loaded with either flow's answer handling, once the popup is open.
 */
import { CLOSED_MESSAGE, fail, hostFailed, type LoginResult } from './shared.js';

// `closed` is seen twice in a row before it counts (a posted answer may still be queued): ≤ 500 ms.
const POLL_MS = 250;

/**
 * The outcome of `popup`: the first message `answer` takes (it gives back a result for it, else
 * undefined to ignore it), or reason `closed`. A popup opened blank goes to `address` once it is
 * known (a host is selected); no host ends the login. The popup is closed at the end, whatever ended it.
 * @internal
 */
export function awaitPopup(popup: Window, answer: (event: MessageEvent) => LoginResult | Promise<LoginResult> | undefined, address?: Promise<string>): Promise<LoginResult> {
  return new Promise<LoginResult>((resolve) => {
    let closedSeen = 0;
    const finish = (ended: LoginResult | Promise<LoginResult>) => {
      removeEventListener('message', onMessage);
      clearInterval(timer);
      popup.close(); // a no-op when the user closed it
      resolve(ended);
    };
    const onMessage = (event: MessageEvent) => {
      // Only the popup's own messages, with an object in them.
      const ended = event.source == popup && event.data && typeof event.data == 'object' ? answer(event) : undefined;
      if (ended) finish(ended);
    };
    const timer = setInterval(() => popup.closed && closedSeen++ && finish(fail('closed', CLOSED_MESSAGE)), POLL_MS);
    addEventListener('message', onMessage);
    address?.then((url) => popup.closed || (popup.location.href = url), (error) => finish(hostFailed(error)));
  });
}
