/**
 * The popup part both flows share: waiting for the one answer the popup posts, and noticing a
 * popup closed without one. Loaded with either flow's answer handling, once the popup is open.
 */
import { CLOSED_MESSAGE, fail, type LoginResult } from './shared.js';

// `closed` is seen twice in a row before it counts (a posted answer may still be queued): ≤ 500 ms.
const POLL_MS = 250;

/**
 * The outcome of `popup`: the first message `answer` takes (it gives back a result for it, else
 * undefined to ignore it), or reason `closed`. The popup is closed at the end, whatever ended it.
 * @internal
 */
export function awaitPopup(popup: Window, answer: (event: MessageEvent) => LoginResult | Promise<LoginResult> | undefined): Promise<LoginResult> & { finish(result: LoginResult | Promise<LoginResult>): void } {
  let finish!: (result: LoginResult | Promise<LoginResult>) => void;
  const result = new Promise<LoginResult>((resolve) => {
    let closedSeen = 0;
    const onMessage = (event: MessageEvent) => {
      // Only the popup's own messages, with an object in them.
      const ended = event.source == popup && event.data && typeof event.data == 'object' ? answer(event) : undefined;
      if (ended) finish(ended);
    };
    const timer = setInterval(() => popup.closed && closedSeen++ && finish(fail('closed', CLOSED_MESSAGE)), POLL_MS);
    finish = (ended) => {
      removeEventListener('message', onMessage);
      clearInterval(timer);
      if (!popup.closed) popup.close();
      resolve(ended);
    };
    addEventListener('message', onMessage);
  });
  return Object.assign(result, { finish });
}
