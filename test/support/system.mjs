// The system processes the browser engines need, started and stopped by the test run itself:
// an X display (Xvfb) for WebKitGTK's MiniBrowser, which has no headless mode; a PulseAudio
// null sink, so that every engine has a sound device to play into; and WebKitWebDriver.
//
// Every process started here (and everything it starts) carries RUN_MARK in its environment,
// so `sweep(mark)` finds and ends exactly this run's processes, even the ones a killed parent
// left behind (a browser that puppeteer started in its own process group, for instance).
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The environment variable that marks this run's processes; its value is the run's id. */
export const RUN_MARK = 'SERVICE_KIT_TEST_RUN';

/** The run's id: inherited from a parent run, or a new one. */
export const runId = () => (process.env[RUN_MARK] ??= `${process.pid}-${Date.now().toString(36)}`);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spawns `command` with the run's mark; the child's output goes to the test log only when asked. */
function start(command, args, { env = {}, stdio = 'ignore' } = {}) {
  const child = spawn(command, args, { env: { ...process.env, ...env, [RUN_MARK]: runId() }, stdio });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.once('error', () => {}); // reported through `exited` and the readiness check
  return { child, exited };
}

/** Ends a child: TERM, then KILL if it has not gone within `grace` ms. */
async function end({ child, exited }, grace = 3000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const gone = await Promise.race([exited.then(() => true), sleep(grace).then(() => false)]);
  if (!gone) {
    child.kill('SIGKILL');
    await exited;
  }
}

/** Polls `ready` until it answers true, the process exits, or `limit` ms pass. */
async function until(ready, { exited }, what, limit = 30_000) {
  let dead = false;
  void exited.then(() => (dead = true));
  for (const deadline = Date.now() + limit; Date.now() < deadline; await sleep(50)) {
    if (dead) throw new Error(`${what} exited before it was ready`);
    if (await ready().catch(() => false)) return;
  }
  throw new Error(`${what} was not ready within ${limit / 1000} s`);
}

/** A free TCP port on 127.0.0.1. */
export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts Xvfb on the first free display among `displays` (XVFB_DISPLAYS, e.g. "95-99", or
 * 95 to 99); resolves once it accepts clients. Returns { display: ':95', stop }.
 */
export async function startXvfb(range = process.env.XVFB_DISPLAYS ?? '95-99') {
  const [from, to = from] = range.split('-').map(Number);
  for (let n = from; n <= to; n++) {
    if (existsSync(`/tmp/.X${n}-lock`) || existsSync(`/tmp/.X11-unix/X${n}`)) continue;
    // -displayfd: Xvfb writes the display number to stdout once it is ready.
    const proc = start('Xvfb', [`:${n}`, '-screen', '0', '1280x1024x24', '-nolisten', 'tcp', '-displayfd', '1'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const ready = await new Promise((resolve) => {
      proc.child.stdout.once('data', () => resolve(true));
      void proc.exited.then(() => resolve(false));
    });
    if (ready) return { display: `:${n}`, stop: () => end(proc) };
  }
  throw new Error(`Xvfb: no free display among :${from} to :${to} (set XVFB_DISPLAYS=first-last)`);
}

/**
 * Starts a private PulseAudio daemon whose only sink is a null sink, on a socket of its own.
 * Its files go in a new directory under `parent`. Returns { server: 'unix:/tmp/.../native', stop };
 * put `server` in PULSE_SERVER.
 */
export async function startPulse(parent = tmpdir()) {
  const dir = mkdtempSync(join(parent, 'kit-pulse-'));
  const socket = join(dir, 'native');
  const args = [
    '--daemonize=no', '-n', '--exit-idle-time=-1', '--disallow-exit', '--use-pid-file=no', '--system=no', '--log-target=stderr',
    '--load=module-null-sink sink_name=kit_null',
    `--load=module-native-protocol-unix socket=${socket} auth-anonymous=1`,
  ];
  // Its own home and runtime directory: nothing of the machine's own sound setup is touched.
  const proc = start('pulseaudio', args, { env: { HOME: dir, XDG_RUNTIME_DIR: dir, XDG_CONFIG_HOME: dir, PULSE_RUNTIME_PATH: dir } });
  await until(async () => existsSync(socket), proc, 'pulseaudio');
  return {
    server: `unix:${socket}`,
    async stop() {
      await end(proc);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts WebKitWebDriver on a free port; resolves once it answers /status. Returns { port, stop }.
 * The driver's output, and that of the MiniBrowser it starts, is appended to `log` when given
 * (WEBKIT_DRIVER_LOG): a browser that dies leaves its last words there.
 */
export async function startWebKitDriver(env = {}, log = process.env.WEBKIT_DRIVER_LOG) {
  const port = await freePort();
  const out = log ? openSync(log, 'a') : 'ignore';
  const proc = start('WebKitWebDriver', [`--port=${port}`, '--host=127.0.0.1'], { env, stdio: ['ignore', out, out] });
  if (log) closeSync(out); // the child holds its own copy
  await until(async () => (await fetch(`http://127.0.0.1:${port}/status`)).ok, proc, 'WebKitWebDriver');
  return { port, stop: () => end(proc) };
}

/** The ids of the processes that carry `mark` as RUN_MARK, except this one. */
export function markedProcesses(mark = runId()) {
  const needle = `${RUN_MARK}=${mark}`;
  const found = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${name}/environ`, 'latin1').split('\0').includes(needle)) found.push(Number(name));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

/** Ends every process of the run that is still there: TERM, then KILL. Returns how many there were. */
export async function sweep(mark = runId()) {
  const left = markedProcesses(mark);
  for (const pid of left) kill(pid, 'SIGTERM');
  for (let i = 0; i < 40 && markedProcesses(mark).length; i++) await sleep(50);
  for (const pid of markedProcesses(mark)) kill(pid, 'SIGKILL');
  return left.length;
}

function kill(pid, signal) {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}
