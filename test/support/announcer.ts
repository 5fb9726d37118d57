/**
 * What the page's live region says, heard line by line as the kit writes it: a message replaced a
 * moment later by the next one is still heard, as a screen reader hears it.
 */
import { announcerRegion } from '../../src/core/announcer.js';
import { waitFor } from './waits.js';

/** Every message the page's region says from now on, with the language it said it in. */
export function listen() {
  const region = announcerRegion()!;
  const heard: Array<{ text: string; lang: string }> = [];
  // Each message is a line of its own, in its own language.
  const observer = new MutationObserver((records) => {
    for (const { addedNodes } of records) for (const line of addedNodes) if (line instanceof HTMLElement) heard.push({ text: line.textContent!, lang: line.lang });
  });
  observer.observe(region, { childList: true });
  const times = (text: string) => heard.filter((m) => m.text === text).length;
  const said = (text: string) => waitFor(() => times(text), () => `the region to say "${text}"; it said ${JSON.stringify(heard.map((m) => m.text))}`);
  return { heard, times, said, stop: () => observer.disconnect() };
}
