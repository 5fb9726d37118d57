// The generated files are fresh: custom-elements.json matches what the analyzer makes of the
// sources now, and the React wrappers, JSX/Vue types and docs/elements.md match the manifest.
// Also checks the manifest says what the kit's contract needs (tags, details, styling hooks).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const node = (args: string[]) => spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });

interface Item {
  name: string;
  type?: { text: string };
  expandedType?: { text: string };
  default?: string;
  description?: string;
  fieldName?: string;
  inheritedFrom?: { name: string };
}
interface Declaration extends Item {
  kind: string;
  tagName?: string;
  summary?: string;
  attributes?: Item[];
  members?: (Item & { kind: string; privacy?: string })[];
  events?: Item[];
  cssParts?: Item[];
  cssProperties?: Item[];
  slots?: Item[];
}
interface Manifest {
  modules: { path: string; declarations: Declaration[] }[];
}

const committed: Manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8'));
const elements = committed.modules.flatMap((m) => m.declarations.filter((d) => d.tagName));
const element = (tag: string) => elements.find((d) => d.tagName === tag);

/** The first JSON path where two values differ, to say what is stale. */
function firstDifference(a: unknown, b: unknown, path = '$'): string | undefined {
  if (JSON.stringify(a) === JSON.stringify(b)) return undefined;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const label = Array.isArray(a) ? `${path}[${key}]` : `${path}.${key}`;
      const found = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], label);
      if (found) return found;
    }
  }
  return path;
}

describe('custom-elements.json', () => {
  let outdir: string;
  before(() => {
    outdir = mkdtempSync(join(tmpdir(), 'cem-'));
  });
  after(() => rmSync(outdir, { recursive: true, force: true }));

  it('matches a fresh analysis of the sources', () => {
    // The CLI joins --outdir to the working directory, so it gets a relative path to the temp dir.
    const run = node(['node_modules/@custom-elements-manifest/analyzer/cem.js', 'analyze', '--config', 'custom-elements-manifest.config.mjs', '--outdir', relative(root, outdir), '--quiet']);
    assert.equal(run.status, 0, run.stderr);
    const fresh = readFileSync(join(outdir, 'custom-elements.json'), 'utf8');
    const where = firstDifference(committed, JSON.parse(fresh));
    assert.ok(where === undefined, `custom-elements.json is stale (first difference at ${where}): run \`npm run analyze\``);
    assert.equal(readFileSync(join(root, 'custom-elements.json'), 'utf8'), fresh, 'custom-elements.json is stale: run `npm run analyze`');
  });

  it('has every element folder, by tag, at its package path', () => {
    const folders = readdirSync(join(root, 'src/components')).filter((name) => existsSync(join(root, `src/components/${name}/${name}.ts`)));
    assert.ok(folders.length > 0);
    for (const name of folders) {
      const mod = committed.modules.find((m) => m.path === `dist/lib/components/${name}/${name}.js`);
      assert.ok(mod, `no module for src/components/${name}/${name}.ts`);
      assert.ok(mod.declarations.some((d) => d.tagName === `service-${name}`), `no <service-${name}> in its module`);
    }
    assert.deepEqual(committed.modules.map((m) => m.path).filter((p) => !p.startsWith('dist/lib/components/')), [], 'only element modules');
  });

  it('gives every element a summary and every event its detail type', () => {
    for (const el of elements) {
      assert.ok(el.summary, `<${el.tagName}> has no @summary`);
      for (const event of el.events ?? []) {
        assert.match(event.type?.text ?? '', /^CustomEvent<.+>$/, `${event.name} on <${el.tagName}> is not in HTMLElementEventMap / GlobalEventHandlersEventMap`);
        assert.ok(event.description, `${event.name} on <${el.tagName}> has no @fires`);
      }
    }
  });

  it('describes <service-track-card> as its JSDoc and base class say', () => {
    const card = element('service-track-card')!;
    const attribute = (name: string) => card.attributes?.find((a) => a.name === name);
    assert.deepEqual(attribute('track-id'), { name: 'track-id', type: { text: 'string | undefined' }, description: "The track's public id.", fieldName: 'trackId' });
    assert.equal(attribute('app-name')?.inheritedFrom?.name, 'ConfiguredElement', 'inherited config attributes');
    assert.equal(attribute('theme')?.inheritedFrom?.name, 'ServiceElement', 'inherited theme attribute');
    assert.equal(attribute('size')?.default, "'card'");
    const error = card.events?.find((e) => e.name === 'service-error');
    assert.equal(error?.type?.text, 'CustomEvent<ServiceErrorDetail>');
    assert.equal(error?.expandedType?.text, "CustomEvent<{ message: string; status: number; operation: string; kind: 'http' | 'network' | 'timeout' | 'abort' | 'invalid' | 'config' }>");
    assert.deepEqual(card.cssProperties?.find((p) => p.name === '--service-accent'), {
      name: '--service-accent',
      default: '#6a14b8',
      description: 'Play button and verified badge colour.',
    });
    assert.ok(card.cssParts?.some((p) => p.name === 'play-button'));
    assert.ok(card.members?.every((m) => m.privacy !== 'private'), 'no private members');
    assert.deepEqual(card.events?.map((e) => e.name), ['service-error', 'service-autoplay-blocked'], 'the @fires events, none guessed from the emit() helper');
  });

  it('keeps slots and drops state-only attributes', () => {
    assert.deepEqual(element('service-provider')?.slots, [{ description: 'The elements that use this configuration.', name: '' }]);
    const login = element('service-login-button');
    if (login) assert.ok(!login.attributes?.some((a) => a.name === 'busy'), '`busy` is state, not an attribute');
  });
});

describe('files generated from the manifest', () => {
  it('React wrappers and JSX/Vue types are fresh', () => {
    const run = node(['scripts/generate-react.mjs', '--check']);
    assert.equal(run.status, 0, run.stderr);
  });

  it('docs/elements.md is fresh', () => {
    const run = node(['scripts/generate-element-docs.mjs', '--check']);
    assert.equal(run.status, 0, run.stderr);
  });

  it('has one wrapper per element, events as onServiceX props', () => {
    const wrapper = readFileSync(join(root, 'src/react/track-card.ts'), 'utf8');
    assert.match(wrapper, /onServiceError: 'service-error' as EventName<GlobalEventHandlersEventMap\['service-error'\]>/);
    const index = readFileSync(join(root, 'src/react/index.ts'), 'utf8');
    for (const el of elements) assert.ok(index.includes(`export { ${el.name} }`), `src/react/index.ts lacks ${el.name}`);
  });
});
