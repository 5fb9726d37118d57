/** What sharing a link came to: the system's sheet took it (or the reader closed it), it was copied, or neither worked. */
export type Shared = 'shared' | 'copied' | 'failed';

/**
 * Shares `url` through the system's share sheet where the browser has one (a frame without
 * `allow="web-share"` refuses it: then the link is copied), else copies it to the clipboard.
 */
export async function shareLink(title: string, url: string): Promise<Shared> {
  const nav = navigator;
  if (nav.share) {
    try {
      await nav.share({ title, url });
      return 'shared';
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') return 'shared'; // the reader closed the sheet
    }
  }
  try {
    await nav.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed'; // no clipboard here (an insecure page, a frame without clipboard-write)
  }
}
