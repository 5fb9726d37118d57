// `npm run bench`: every figure the issues ask for, written to bench/RESULTS.md and summarized.
//   --quick     short load runs (2 s each) and no large catalog
//   --seconds N length of each load run (default 5)
import { parseArgs } from 'node:util';
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { benchServer } from './server.js';

const { values } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, seconds: { type: 'string' } },
});
const seconds = Number(values.seconds ?? (values.quick ? 2 : 5));

const lines: string[] = [];
const summary: string[] = [];
const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits }) : 'n/a');
const ms = (n: number) => `${fmt(n, 1)} ms`;

async function main(): Promise<void> {
  const started = new Date();
  lines.push('# Benchmark results', '');
  lines.push(`- date: ${started.toISOString()}`);
  lines.push(`- command: \`npm run bench${process.argv.slice(2).length ? ' -- ' + process.argv.slice(2).join(' ') : ''}\``);
  lines.push(`- machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${fmt(totalmem() / 2 ** 30, 1)} GiB, Node ${process.version}, ${process.platform}`);
  lines.push('');

  const server = await benchServer({ seconds, large: !values.quick });
  lines.push('## Reference service against a bare node:http server', '');
  lines.push(`Each run: ${seconds} s, 10 connections (autocannon), after a 1 s warm-up. The bare server answers every request with the same body the service gave.`, '');
  lines.push('| operation | service req/s | bare req/s | ratio | service p99 | bare p99 | errors |');
  lines.push('|---|---|---|---|---|---|---|');
  for (const { name, service, bare } of server.endpoints) {
    const ratio = service.rps / bare.rps;
    lines.push(`| ${name} | ${fmt(service.rps)} | ${fmt(bare.rps)} | ${fmt(ratio * 100)}% | ${ms(service.p99)} | ${ms(bare.p99)} | ${service.errors + bare.errors} |`);
    summary.push(`${name}: ${fmt(service.rps)} req/s = ${fmt(ratio * 100)}% of bare node:http, p99 ${ms(service.p99)}`);
  }
  lines.push('');
  lines.push('## Catalog', '');
  lines.push(`- seed, default catalog: ${ms(server.seedDefaultMs)}`);
  lines.push(`- seed, large catalog: ${ms(server.seedLargeMs)}`);
  lines.push(`- search-tracks on the large catalog, 15 different queries: ${fmt(server.largeSearch.rps)} req/s, p99 ${ms(server.largeSearch.p99)}, errors ${server.largeSearch.errors}`);
  summary.push(`seed default ${ms(server.seedDefaultMs)}, large ${ms(server.seedLargeMs)}`);
  summary.push(`large-catalog search p99 ${ms(server.largeSearch.p99)}`);
  lines.push('');

  writeFileSync(new URL('./RESULTS.md', import.meta.url), lines.join('\n'));
  console.log(summary.join('\n'));
  console.log('written: bench/RESULTS.md');
}


main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
