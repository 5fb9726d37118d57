/** What a key pressed in the player asks for. */
export type PlayerCommand = 'toggle' | 'back' | 'forward' | 'mute' | 'next' | 'previous';

/**
 * The player's keyboard shortcuts: Space or K play/pause, ArrowLeft/ArrowRight seek back and
 * forward, M mute, N next, P previous. Keys a focused control handles itself are left to it:
 * Space activates a button, the arrows move a slider. Undefined for every other key.
 */
export function commandFor(event: KeyboardEvent): PlayerCommand | undefined {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return undefined;
  const target = event.composedPath()[0];
  switch (event.key.toLowerCase()) {
    case ' ':
      return target instanceof HTMLButtonElement ? undefined : 'toggle';
    case 'k':
      return 'toggle';
    case 'arrowleft':
      return target instanceof HTMLInputElement ? undefined : 'back';
    case 'arrowright':
      return target instanceof HTMLInputElement ? undefined : 'forward';
    case 'm':
      return 'mute';
    case 'n':
      return 'next';
    case 'p':
      return 'previous';
    default:
      return undefined;
  }
}
