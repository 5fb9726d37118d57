// A real WordPress for `npm run test:wordpress`: Debian's WordPress 6.1 in a tree of its own in a
// temporary directory (its own wp-config.php and wp-content; Debian's config looks in /etc),
// on MariaDB with a private data directory and `php -S`, both on free loopback ports. Each
// process is waited for by what it prints when it is ready, and ended by its own pid.
import { spawn, execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

export const WORDPRESS = '/usr/share/wordpress';
const READY_WAIT = 180_000;

/** A port nobody listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts a long-running process; resolves once its output matches `ready`; `stop()` ends it by its pid. */
function startProcess(name, command, args, { ready, env, cwd }) {
  // Its own process group: php -S forks workers that hold the output pipes, and they end with it.
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      // the group is gone already
    }
  };
  let output = '';
  const orphanGuard = () => signal('SIGKILL');
  process.once('exit', orphanGuard);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  exited.then(() => process.off('exit', orphanGuard));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    signal('SIGKILL'); // workers left behind by the group's leader
    child.stdout.destroy();
    child.stderr.destroy();
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${name} was not ready after ${READY_WAIT / 1000} s:\n${output.slice(-2000)}`));
    }, READY_WAIT);
    const onData = (chunk) => {
      output += chunk;
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve({ stop, output: () => output });
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', onData);
    child.once('error', (error) => reject(new Error(`${name} could not start: ${error.message}`)));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code ?? signal}) before it was ready:\n${output.slice(-2000)}`));
    });
  });
}

/** MariaDB on a private data directory, listening on 127.0.0.1 only; no grant tables (a throwaway database). */
export async function startMariaDB(dir) {
  const dataDir = join(dir, 'mysql');
  mkdirSync(dataDir, { recursive: true });
  const user = process.getuid?.() === 0 ? ['--user=root'] : [];
  execFileSync('mariadb-install-db', ['--no-defaults', `--datadir=${dataDir}`, '--auth-root-authentication-method=normal', '--skip-test-db', ...user], { stdio: 'pipe' });
  const port = await freePort();
  const server = await startProcess('mariadbd', '/usr/sbin/mariadbd', [
    '--no-defaults', `--datadir=${dataDir}`, `--socket=${join(dir, 'mysql.sock')}`, `--pid-file=${join(dir, 'mysql.pid')}`,
    `--port=${port}`, '--bind-address=127.0.0.1', '--skip-grant-tables', '--skip-name-resolve', '--skip-log-bin',
    '--innodb-buffer-pool-size=32M', '--innodb-log-file-size=16M', ...user,
  ], { ready: /ready for connections/ });
  return { host: `127.0.0.1:${port}`, stop: server.stop };
}

/**
 * The WordPress tree: WordPress's own PHP files copied (wp-load.php and wp-admin find
 * wp-config.php beside themselves), wp-includes linked, and a wp-content holding Debian's
 * default theme, the plugin (copied, as an upload installs it) and the test's mu-plugin.
 */
export function makeTree(dir, { plugin, muPlugin, dbHost, url }) {
  const root = join(dir, 'wordpress');
  mkdirSync(root, { recursive: true });
  for (const name of readdirSync(WORDPRESS)) {
    const from = join(WORDPRESS, name);
    if (name === 'wp-config.php' || name === 'wp-content') continue;
    if (name === 'wp-includes') symlinkSync(from, join(root, name));
    else if (statSync(from).isDirectory()) cpSync(from, join(root, name), { recursive: true });
    else copyFileSync(from, join(root, name));
  }
  const content = join(root, 'wp-content');
  mkdirSync(join(content, 'themes'), { recursive: true });
  mkdirSync(join(content, 'mu-plugins'), { recursive: true });
  mkdirSync(join(content, 'uploads'), { recursive: true });
  symlinkSync(join(WORDPRESS, 'wp-content/themes/twentytwentythree'), join(content, 'themes/twentytwentythree'));
  cpSync(plugin, join(content, 'plugins/service-embed'), { recursive: true });
  copyFileSync(muPlugin, join(content, 'mu-plugins', 'service-embed-test.php'));
  const salt = () => randomBytes(24).toString('hex');
  const keys = ['AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT', 'NONCE_SALT'];
  writeFileSync(join(root, 'wp-config.php'), `<?php
// Written by test/wordpress/site.mjs for one run.
define( 'DB_NAME', 'wordpress' );
define( 'DB_USER', 'root' );
define( 'DB_PASSWORD', '' );
define( 'DB_HOST', '${dbHost}' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
${keys.map((key) => `define( '${key}', '${salt()}' );`).join('\n')}
$table_prefix = 'wp_';
define( 'WP_HOME', '${url}' );
define( 'WP_SITEURL', '${url}' );
define( 'WP_DEBUG', true );
define( 'WP_DEBUG_DISPLAY', false );
define( 'WP_DEBUG_LOG', '${join(dir, 'debug.log')}' );
define( 'DISABLE_WP_CRON', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_HTTP_BLOCK_EXTERNAL', true ); // loopback only: no update checks, no requests off the machine
define( 'ABSPATH', __DIR__ . '/' );
require_once ABSPATH . 'wp-settings.php';
`);
  return root;
}

/** `php -S` on the tree, several workers (a page and its assets load side by side). */
export async function startPhp(root, port) {
  const server = await startProcess('php -S', 'php', ['-S', `127.0.0.1:${port}`, '-t', root], {
    ready: /Development Server .* started/,
    env: { PHP_CLI_SERVER_WORKERS: '4' },
    cwd: root,
  });
  return { stop: server.stop };
}

/** Runs a PHP script of test/wordpress/ with the tree's path and the given settings in its environment; its JSON answer. */
export function runPhp(script, env) {
  try {
    const out = execFileSync('php', [script], { env: { ...process.env, ...env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return JSON.parse(out);
  } catch (error) {
    throw new Error(`php ${script} failed: ${error.message}\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  }
}
