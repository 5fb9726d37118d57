import { resolve } from 'node:path';

/** The project's own sources, as Vite names module ids (forward slashes on every platform). */
const SRC = resolve(import.meta.dirname, '../../src').replaceAll('\\', '/') + '/';

/** Whether a module id is one of the project's own `src/` modules: the only ones the CDN build's plugins change. */
export const ownSource = (id: string): boolean => {
  const path = id.replaceAll('\\', '/').split('?')[0]!;
  return path.startsWith(SRC) && !path.includes('/node_modules/') && path.endsWith('.ts');
};
