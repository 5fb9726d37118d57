// The CDN build's own transforms (scripts/build), each run as Vite runs it on code it is given.
// What the built files do in browsers is tested in test/components (cdn-files, bundles, sdk, hydrate).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, it } from 'node:test';
import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';
import { shortMembers } from '../../scripts/build/short-members.js';
import { litHooks } from '../../scripts/build/lit-hooks.js';
import { compactTemplates } from '../../scripts/build/compact-templates.js';

/** Calls one of a plugin's hooks as Vite does, with the parser Vite gives plugins. */
function hook(plugin: Plugin, name: 'renderChunk' | 'transform' | 'buildStart', ...args: unknown[]) {
  const fn = plugin[name] as ((...a: unknown[]) => { code: string } | null) | undefined;
  return fn!.call({ parse: (code: string) => parseAst(code) }, ...args);
}

const root = resolve(import.meta.dirname, '../..');
const shorten = (code: string, shared = true) => hook(shortMembers({ shared }), 'renderChunk', code)?.code ?? code;

describe('shortMembers', () => {
  it('gives Lit internal members short names that no other member of the file has', () => {
    // `a` and `b`, the first short names, are members used only as `this.a`: the renamed members must not take them.
    const code = `
      class Part { constructor() { this._$AH = 1; this.a = 2; this._$AM = 3; this.b = 4; }
        sum() { return [this._$AH, this.a, this._$AM, this.b, this._$AH]; } }
      result = new Part().sum();`;
    const out = shorten(code);
    assert.doesNotMatch(out, /_\$A[HM]/);
    assert.equal(runInNewContext(out + ';JSON.stringify(result)'), '[1,2,3,4,1]');
    const names = [...out.matchAll(/this\.([\w$]+) =/g)].map((m) => m[1]);
    assert.equal(new Set(names).size, 4, `four members, four names: ${names}`);
    // The more used member gets the first free one-character name.
    assert.match(out, /this\.c = 1/);
  });

  it('leaves a member named in a string, a template or a shorthand key as it is', () => {
    const code = `o._$AB = 1; o._$AC = 2; o._$AD = 3; has = '_$AB' in o; text = \`\${o} _$AC\`; ({ _$AD } = o);`;
    const out = shorten(code);
    for (const name of ['_$AB', '_$AC', '_$AD']) assert.equal(out.split(name).length, code.split(name).length, name);
  });

  it('renames the names Lit shares with its other copies only when told to', () => {
    const code = 'r = { _$litType$: 1, strings: [] }; ok = r._$litType$ === 1;';
    assert.match(shorten(code, false), /_\$litType\$/);
    const out = shorten(code, true);
    assert.doesNotMatch(out, /_\$litType\$/);
    assert.equal(runInNewContext(out + ';ok'), true);
  });

  it('renames the kit\'s private members (scripts/build/private-names.ts) and keeps public ones', () => {
    const out = shorten('class Rows { constructor() { this.activeIndex = 1; this.value = 2; } }');
    assert.doesNotMatch(out, /activeIndex/);
    assert.match(out, /this\.value = 2/);
  });
});

describe('litHooks', () => {
  const lit = (file: string) => {
    const id = join(root, 'node_modules', file);
    return [readFileSync(id, 'utf8'), id] as const;
  };

  it('takes the page hooks, version lists and decorator metadata out of Lit, and keeps hydration only when asked', () => {
    for (const hydrate of [false, true]) {
      const plugin = litHooks({ hydrate });
      const element = hook(plugin, 'transform', ...lit('lit-element/lit-element.js'))!.code;
      const reactive = hook(plugin, 'transform', ...lit('@lit/reactive-element/reactive-element.js'))!.code;
      const html = hook(plugin, 'transform', ...lit('lit-html/lit-html.js'))!.code;
      const sheets = hook(plugin, 'transform', ...lit('@lit/reactive-element/css-tag.js'))!.code;
      for (const code of [element, reactive, html]) assert.doesNotMatch(code, /PolyfillSupport|Versions/);
      assert.doesNotMatch(reactive, /metadata/i);
      assert.doesNotMatch(sheets, /ShadyCSS/);
      assert.equal(/litElementHydrateSupport/.test(element), hydrate);
      // What stands for a hook is an expression of its own: `(void 0)?.(…)` calls nothing, `void 0?.(…)` would call 0.
      for (const code of [element, reactive, html, sheets]) assert.doesNotMatch(code, /void 0\?\./);
    }
  });

  it('fails the build when a Lit release has moved what it edits', () => {
    const [code, id] = lit('lit-html/lit-html.js');
    assert.throws(() => hook(litHooks({ hydrate: false }), 'transform', code.replace('litHtmlVersions', 'litHtmlReleases'), id), /lit-hooks: lit-html\/lit-html\.js/);
  });
});

describe('compactTemplates', () => {
  const compact = (source: string) => {
    const plugin = compactTemplates();
    hook(plugin, 'buildStart');
    return hook(plugin, 'transform', source, '/repo/src/x.ts')?.code ?? source;
  };

  it('turns line breaks and indentation into one space, and drops them at a template\'s ends', () => {
    const out = compact("import { html } from 'lit';\nexport const t = (x) => html`\n  <p part=\"a\">\n    ${x}\n  </p>\n`;\n");
    assert.match(out, /html`<p part=a> \$\{x\} <\/p>`/);
  });

  it('keeps a template with <pre> as written', () => {
    const source = "import { html } from 'lit';\nexport const t = html`\n  <pre>a\n  b</pre>\n`;\n";
    assert.equal(compact(source), source);
  });
});
