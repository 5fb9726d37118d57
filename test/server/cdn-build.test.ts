// The CDN build's own plugins (scripts/build), each run as Vite runs it on code it is given.
// What the built files do in browsers is tested in test/components (cdn-files, bundles, sdk, hydrate).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';
import { cdnBuild, cdnFiles, fileBuild } from '../../scripts/build/cdn.js';
import { minifyTemplates } from '../../scripts/build/literals.js';
import { AUDIO_MEDIA, LOGIN_FLOW, lazyPartChunk } from '../../scripts/build/lazy-parts.js';

const root = resolve(import.meta.dirname, '../..');
const components = ['track-card', 'login-button'];

type Hook = (...args: unknown[]) => unknown;
/** A plugin's hook as Vite calls it (a function, or an object with a handler), with the parser Vite gives plugins. */
function hook(plugin: Plugin, name: string): Hook | undefined {
  const found: Hook | { handler: Hook } | undefined = Reflect.get(plugin, name);
  const fn = typeof found === 'function' ? found : found?.handler;
  const context = { parse: (code: string) => parseAst(code), resolve: async () => null, warn: () => {} };
  return fn && ((...args: unknown[]) => fn.call(context, ...args));
}

/** Every plugin of every CDN file's build. */
function plugins(): Plugin[] {
  const all = [...cdnFiles(components).flatMap((file) => fileBuild(file, 'dist/cdn', false).plugins ?? []), ...(cdnBuild(components).plugins ?? [])];
  return (all.flat(3) as (Plugin | false | null)[]).filter((p): p is Plugin => !!p);
}

/** Dependency modules the CDN files bundle, as their packages publish them. */
const DEPENDENCIES = [
  'lit-html/lit-html.js',
  'lit-element/lit-element.js',
  '@lit/reactive-element/reactive-element.js',
  '@lit/reactive-element/css-tag.js',
  '@lit/task/task.js',
  '@lit/context/lib/controllers/context-consumer.js',
  '@lit-labs/ssr-client/lit-element-hydrate-support.js',
].map((file) => ({ id: join(root, 'node_modules', file), code: readFileSync(join(root, 'node_modules', file), 'utf8') }));

/** What any of the project's plugins would change in a source of its own: templates and a dynamic import. */
const OWN_LIKE = "import { html } from 'lit';\nexport const t = (x) => html`\n  <p part=\"a\">\n    ${x}\n  </p>\n`;\nexport const later = () => import('./x.js').then((m) => m.a());\n";
/** The same code in a dependency that ships TypeScript sources under src/ (a path a loose pattern would take for the kit's). */
const DEPENDENCY_LIKE = { id: join(root, 'node_modules/some-dependency/src/widget.ts'), code: OWN_LIKE };

const changed = (out: unknown, code: string) => out != null && (typeof out === 'string' ? out : (out as { code?: string }).code) !== code;

describe('the CDN build changes no dependency', () => {
  it('no plugin has a hook over a whole output chunk (which holds Lit and every other dependency)', () => {
    for (const plugin of plugins()) {
      for (const name of ['renderChunk', 'generateBundle', 'writeBundle', 'banner', 'footer', 'intro', 'outro']) {
        assert.equal(hook(plugin, name), undefined, `${plugin.name} has a ${name} hook`);
      }
    }
  });

  it("no plugin's transform or load changes a dependency's module", async () => {
    const list = plugins();
    assert.ok(list.length >= 3, `the plugins found: ${list.map((p) => p.name)}`);
    for (const plugin of list) {
      for (const { id, code } of [...DEPENDENCIES, DEPENDENCY_LIKE]) {
        const transform = hook(plugin, 'transform');
        if (transform) assert.ok(!changed(await transform(code, id), code), `${plugin.name} changes ${id}`);
        const load = hook(plugin, 'load');
        if (load) assert.ok((await load(id)) == null, `${plugin.name} loads ${id}`);
      }
    }
  });

  it('no plugin resolves an import of a dependency to another module', async () => {
    for (const plugin of plugins()) {
      const resolveId = hook(plugin, 'resolveId');
      if (!resolveId) continue;
      for (const [source, importer] of [['lit', join(root, 'src/all.ts')], ['./client.js', DEPENDENCIES[0]!.id], ['./lit-html.js', DEPENDENCIES[1]!.id]]) {
        assert.ok((await resolveId(source, importer, {})) == null, `${plugin.name} resolves ${source} from ${importer}`);
      }
    }
  });

  it("login-flow.js stands in only for the kit's own import() of the login's lazy parts", async () => {
    const resolveId = hook(lazyPartChunk(LOGIN_FLOW, 'es'), 'resolveId')!;
    const dynamic = { kind: 'dynamic-import' };
    assert.deepEqual(await resolveId('./redirect.js', join(root, 'src/core/login/login.ts'), dynamic), { id: './login-flow.js', external: true });
    assert.deepEqual(await resolveId('../../core/login/redirect.js', join(root, 'src/components/favorite-button/favorite-button.ts'), dynamic), { id: './login-flow.js', external: true });
    // A static import stays in the file; a dependency's import() of a like-named module is its own.
    assert.equal(await resolveId('./redirect.js', join(root, 'src/core/login/login.ts'), { kind: 'import-statement' }), null);
    assert.equal(await resolveId('./redirect.js', join(root, 'node_modules/some-dependency/src/core/login/login.ts'), dynamic), null);
    assert.equal(await resolveId('./session.js', join(root, 'src/core/login/login.ts'), dynamic), null);
  });

  it("audio-media.js stands in only for the audio engine's import() of its media side", async () => {
    const resolveId = hook(lazyPartChunk(AUDIO_MEDIA, 'es'), 'resolveId')!;
    const engine = join(root, 'src/core/audio-engine.ts');
    assert.deepEqual(await resolveId('./audio-media.js', engine, { kind: 'dynamic-import' }), { id: './audio-media.js', external: true });
    assert.equal(await resolveId('./audio-media.js', engine, { kind: 'import-statement' }), null);
    assert.equal(await resolveId('./media-session.js', engine, { kind: 'dynamic-import' }), null);
  });

  it('in the classic script, that import() takes the address beside the script, read as it starts', async () => {
    const plugin = lazyPartChunk(LOGIN_FLOW, 'iife');
    const code = "export const go = () => import('./redirect.js').then((m) => m.redirect());\nexport const other = () => import('./session.js');\n";
    const out = (await hook(plugin, 'transform')!(code, join(root, 'src/core/login/login.ts'))) as { code: string };
    assert.match(out.code, /import\(__loginFlowBesideScript\)\.then/);
    assert.match(out.code, /import\('\.\/session\.js'\)/);
    const source = JSON.parse(/from (".+");$/.exec(out.code)![1]!) as string;
    const id = (await hook(plugin, 'resolveId')!(source, join(root, 'src/core/login/login.ts'), {})) as string;
    assert.match((await hook(plugin, 'load')!(id)) as string, /new URL\("login-flow\.js", document\.currentScript\?\.src/);
  });

  it('the probe sees a change: the same code as one of the kit\'s own modules is changed', async () => {
    const out = (await hook(minifyTemplates(), 'transform')!(OWN_LIKE, join(root, 'src/x.ts'))) as { code: string } | null;
    assert.ok(changed(out, OWN_LIKE));
    assert.match(out!.code, /html`<p part=a>\$\{x\}`/);
  });
});
