/** Calls `visit` on every node of an ESTree AST (anything with a `type`), parents before children. */
export function walk<N extends { type?: string }>(node: unknown, visit: (n: N) => void): void {
  if (!node || typeof node != 'object') return;
  if ((node as N).type) visit(node as N);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) value.forEach((v) => walk(v, visit));
    else if (value && typeof value == 'object') walk(value, visit);
  }
}
