// A web-test-runner plugin: command 'ssr-render' { tag, attributes, options } -> the element's HTML
// from service-kit/ssr (src/node/ssr.ts), the real server render, for a browser test to hydrate.
// It renders in a child process: @lit-labs/ssr installs its DOM shim on the globals of the process
// that loads it, and the test runner's own process stays as it is.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const SCRIPT = `const { renderToString } = await import('./src/node/ssr.ts');
const { tag, attributes, options } = JSON.parse(process.argv[1]);
process.stdout.write(await renderToString(tag, attributes, options));`;

/** Renders one element in a fresh Node process; rejects with the child's stderr when it fails. */
export const ssrRender = (payload) =>
  new Promise((done, failed) => {
    const args = ['--import', 'tsx', '--input-type=module', '-e', SCRIPT, JSON.stringify(payload)];
    execFile(process.execPath, args, { cwd: ROOT, maxBuffer: 8 * 1024 * 1024 }, (error, stdout, stderr) =>
      error ? failed(new Error(`ssr-render ${payload?.tag}: ${stderr || error.message}`)) : done(stdout),
    );
  });

export function ssrRenderPlugin() {
  return {
    name: 'ssr-render',
    executeCommand({ command, payload }) {
      return command === 'ssr-render' ? ssrRender(payload) : undefined;
    },
  };
}
