import { spawn, type ChildProcess } from 'node:child_process';
import { ensureCdnBuild } from '../scripts/ensure-cdn.mjs';

export interface Child {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts a node script that prints a line with `ready at <url>`, and resolves with that url. */
export function startNode(args: string[], timeoutMs = 120_000): Promise<Child> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no ready line from ${args.join(' ')}`)), timeoutMs);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      const match = /ready at (http:\/\/\S+)/.exec(out);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      resolve({
        url: match[1]!,
        process: child,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

/** The reference service as a child process. */
export async function startService(dataDir: string, extra: string[] = []): Promise<Child> {
  // Its embed pages serve dist/cdn/embed-frame.js: built first when stale.
  await ensureCdnBuild();
  return startNode(['--import', 'tsx', 'server/cli.ts', '--port', '0', '--data-dir', dataDir, ...extra]);
}
