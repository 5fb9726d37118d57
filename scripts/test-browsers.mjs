// `npm run test:browser`: the browser suite in each engine, one after another (a 2-core machine
// runs one browser at a time best), then one line per engine: passed, failed, time. Fails when
// any test fails, a test file does not run, or the engines did not run the same tests.
//
//   npm run test:browser                                  Chromium, Firefox and WebKit
//   WTR_BROWSERS=webkit npm run test:browser              one engine (or any comma-separated list)
//   npm run test:browser -- --port 8500 --files test/core  arguments go to each wtr run
//
// An engine whose browser is lost during its run runs once more (the summary line says so);
// failing tests are never run again. WebKitWebDriver's output (and MiniBrowser's) goes
// to a log whose tail is printed when that happens.
//
// It starts a PulseAudio null sink and (for WebKit) an X display once for all runs, and stops
// them. Nothing it started outlives it: on exit or a signal it ends every process carrying the
// run's mark (test/support/system.mjs), and a small watcher does the same if it is killed outright.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { enginesFromEnv } from '../test/support/engines.mjs';
import { RUN_MARK, runId, startPulse, startXvfb, sweep } from '../test/support/system.mjs';

const wtrArgs = process.argv.slice(2);
const wtrBin = fileURLToPath(new URL('../node_modules/@web/test-runner/dist/bin.js', import.meta.url));
const mark = runId();
const work = mkdtempSync(join(tmpdir(), 'kit-wtr-'));
const started = [];
let current;

/** If this process is killed outright (SIGKILL), a detached shell ends the run's processes. */
function startWatcher() {
  const needle = `${RUN_MARK}=${mark}`;
  const script = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done
    for sig in TERM KILL; do
      for f in /proc/[0-9]*/environ; do
        if tr '\\0' '\\n' < "$f" 2>/dev/null | grep -qxF '${needle}'; then p=\${f#/proc/}; kill -$sig "\${p%/environ}" 2>/dev/null; fi
      done
      sleep 2
    done
    rm -rf '${work}'`;
  const env = { ...process.env };
  delete env[RUN_MARK]; // the watcher must not end itself
  const watcher = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore', env });
  watcher.unref();
  return watcher;
}

async function cleanUp() {
  current?.kill('SIGTERM');
  for (const it of started.splice(0).reverse()) await it.stop().catch(() => {});
  const left = await sweep(mark);
  if (left) console.log(`(ended ${left} leftover process${left === 1 ? '' : 'es'} of this run)`);
  rmSync(work, { recursive: true, force: true });
}

const watcher = startWatcher();
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.error(`\n${signal}: stopping the browser tests`);
    await cleanUp();
    watcher.kill('SIGTERM');
    process.exit(130);
  });
}

/** Runs wtr for one engine; resolves to its exit code. */
function runEngine(engine, env) {
  return new Promise((resolve) => {
    current = spawn(process.execPath, [wtrBin, ...wtrArgs], { stdio: 'inherit', env: { ...process.env, ...env, WTR_BROWSERS: engine } });
    current.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** One wtr run of `engine`: { engine, code, seconds, result (undefined when wtr reported nothing), attempt, driverLog }. */
async function runOnce(engine, env, attempt) {
  const summary = join(work, `${engine}-${attempt}.json`);
  const driverLog = join(work, `${engine}-${attempt}-driver.log`);
  console.log(`\n=== Browser tests in ${engine}${attempt > 1 ? `, attempt ${attempt}` : ''} ===`);
  const t0 = Date.now();
  const code = await runEngine(engine, { ...env, WTR_SUMMARY: summary, WEBKIT_DRIVER_LOG: driverLog });
  const seconds = (Date.now() - t0) / 1000;
  let result;
  try {
    result = Object.values(JSON.parse(readFileSync(summary, 'utf8')))[0];
  } catch {
    result = undefined; // wtr stopped before reporting
  }
  return { engine, code, seconds, result, attempt, driverLog };
}

/** The last `lines` lines of a file, or '' when there is none. */
function tail(file, lines = 30) {
  try {
    const text = readFileSync(file, 'utf8').trim();
    return text && text.split('\n').slice(-lines).map((l) => `    ${l}`).join('\n');
  } catch {
    return '';
  }
}

const rows = [];
let failed = false;
let engines = [];
try {
  engines = enginesFromEnv();
  const env = {};
  if (!process.env.PULSE_SERVER) {
    const pulse = await startPulse(work);
    started.push(pulse);
    env.PULSE_SERVER = pulse.server;
  }
  if (engines.includes('webkit') && !process.env.DISPLAY) {
    const xvfb = await startXvfb();
    started.push(xvfb);
    env.DISPLAY = xvfb.display;
  }
  for (const engine of engines) {
    // A lost browser (WebKit's MiniBrowser has died at start-up on a loaded machine) is not a test
    // result: the engine runs once more, and its row says so. A second loss fails the run.
    let row;
    for (let attempt = 1; attempt <= 2; attempt++) {
      row = await runOnce(engine, env, attempt);
      if (row.result && !row.result.lostBrowser) break;
      const log = tail(row.driverLog);
      console.log(`\n${engine}: the browser was lost during the run${log ? `; the driver's last output:\n${log}` : ''}`);
    }
    rows.push(row);
    if (row.code !== 0 || !row.result || row.result.failed || row.result.fileErrors) failed = true;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed = true;
} finally {
  await cleanUp();
  watcher.kill('SIGTERM');
}

console.log('\nBrowser tests per engine:');
for (const { engine, code, seconds, result, attempt } of rows) {
  const counts = result
    ? `${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped${result.fileErrors ? `, ${result.fileErrors} test files with errors` : ''}`
    : 'no results';
  const notes = [`${seconds.toFixed(0)} s`, code ? `wtr exit code ${code}` : '', attempt > 1 ? `attempt ${attempt}: the first lost its browser` : ''];
  console.log(`  ${engine.padEnd(9)} ${counts}  (${notes.filter(Boolean).join(', ')})`);
}
const lists = rows.filter((r) => r.result).map((r) => [r.engine, [...r.result.tests].sort()]);
for (const [engine, tests] of lists.slice(1)) {
  const [first, reference] = lists[0];
  const only = (a, b) => a.filter((t) => !b.includes(t));
  const extra = [...only(tests, reference).map((t) => `only in ${engine}: ${t}`), ...only(reference, tests).map((t) => `only in ${first}: ${t}`)];
  if (extra.length) {
    failed = true;
    console.log(`  ${engine} and ${first} ran different tests:\n    ${extra.slice(0, 20).join('\n    ')}`);
  }
}
if (lists.length > 1 && !failed) console.log(`  the same ${lists[0][1].length} tests in each engine`);
process.exit(failed ? 1 : 0);
