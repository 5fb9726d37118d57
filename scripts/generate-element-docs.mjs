// docs/elements.md, the element reference, generated from custom-elements.json (run
// `npm run analyze` first): per element its attributes, properties, methods, events with their
// detail, CSS parts, CSS custom properties and slots, and its Accessibility section (its keys, its
// names, what it announces), hand-written in docs/accessibility/<tag>.md and merged here.
// `node scripts/generate-element-docs.mjs` writes it; `--check` exits 1 when the file is stale.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT, elementsOf, pascal, readManifest } from './generate-react.mjs';

export const DOCS_PATH = 'docs/elements.md';

/** Text for a table cell: one line, pipes escaped (also inside code spans, as GFM requires). */
const cell = (text) => (text ?? '').replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|').trim();
/** A code span for a cell, or a dash when there is nothing. */
const code = (text) => (text ? `\`${cell(text)}\`` : '–');

function table(headers, rows) {
  if (rows.length === 0) return [];
  return [`| ${headers.join(' | ')} |`, `| ${headers.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`), ''];
}

/** A member's type, with literal aliases written out (`'read' | 'write'` for `LoginScope`). */
const typeOf = (item) => code((item.expandedType ?? item.type)?.text);

/** `CustomEvent<ServiceErrorDetail>` + its expansion -> "`ServiceErrorDetail`: `{ ... }`". */
function detail(event) {
  const inner = (text) => text?.match(/^CustomEvent<(.*)>$/s)?.[1];
  const named = inner(event.type?.text);
  const shape = inner(event.expandedType?.text);
  if (!named) return '–';
  return shape && shape !== named ? `${code(named)}: ${code(shape)}` : code(named);
}

/** The element's screenshots from `npm run screenshots` that exist: light, dark, in a phone's column, playing. */
function screenshots(tag) {
  const shots = [
    ['', 'light'], ['', 'dark', 'dark'], ['-phone', 'phone, light'], ['-phone', 'phone, dark', 'dark'], ['-playing', 'playing, light'], ['-playing', 'playing, dark', 'dark'],
  ].map(([variant, label, theme = 'light']) => [`screenshots/${tag}${variant}-${theme}.png`, label]).filter(([file]) => existsSync(join(ROOT, 'docs', file)));
  if (!shots.length) return [];
  return [...table(shots.map(([, label]) => label), [shots.map(([file, label]) => `![${tag}, ${label}](${file})`)]), ''];
}

/** The element's hand-written Accessibility section (docs/accessibility/<tag>.md), its headings one level down, if there is one. */
function accessibility(tag) {
  const file = join(ROOT, 'docs', 'accessibility', `${tag}.md`);
  if (!existsSync(file)) return [];
  return ['### Accessibility', '', readFileSync(file, 'utf8').trim().replace(/^(#+) /gm, '###$1 '), ''];
}

function elementSection(el) {
  const attrFields = new Set(el.attributes.map((a) => a.fieldName));
  const byName = new Map(el.properties.map((p) => [p.name, p]));
  const out = [`## \`<${el.tagName}>\``, '', cell(el.summary), ''];
  if (el.description) out.push(el.description, '');
  out.push(...screenshots(el.tagName));
  out.push(
    `Class \`${el.className}\`, defined by \`dist/lib/${el.module}\`; in React, \`${el.className}\` from \`service-kit/react\`.`,
    '',
  );

  const attributes = el.attributes.map((a) => {
    const prop = byName.get(a.fieldName);
    const flags = prop?.reflects ? ' (reflects)' : '';
    return [code(a.name), a.fieldName ? code(a.fieldName) : '–', typeOf(a), code(a.default ?? prop?.default), cell(a.description) + flags];
  });
  out.push(...(attributes.length ? ['### Attributes', ''] : []), ...table(['Attribute', 'Property', 'Type', 'Default', 'Description'], attributes));

  const properties = el.properties
    .filter((p) => !attrFields.has(p.name))
    .map((p) => [code(p.name), typeOf(p), cell(p.description) + (p.readonly ? ' (read-only)' : '')]);
  out.push(...(properties.length ? ['### Properties without an attribute', ''] : []), ...table(['Property', 'Type', 'Description'], properties));

  const methods = el.methods.map((m) => {
    const params = (m.parameters ?? []).map((p) => `${p.name}${p.optional || p.default ? '?' : ''}${p.type ? `: ${p.type.text}` : ''}`).join(', ');
    return [code(`${m.name}(${params})`), code(m.return?.type?.text ?? 'void'), cell(m.description)];
  });
  out.push(...(methods.length ? ['### Methods', ''] : []), ...table(['Method', 'Returns', 'Description'], methods));

  const events = el.events.map((e) => [code(e.name), code(`on${pascal(e.name)}`), detail(e), cell(e.description)]);
  out.push(...(events.length ? ['### Events', ''] : []), ...table(['Event', 'React prop', 'Detail', 'Description'], events));

  const slots = el.slots.map((s) => [s.name ? code(s.name) : '(default)', cell(s.description)]);
  out.push(...(slots.length ? ['### Slots', ''] : []), ...table(['Slot', 'Description'], slots));

  const parts = el.cssParts.map((p) => [code(p.name), cell(p.description)]);
  out.push(...(parts.length ? ['### CSS parts', ''] : []), ...table(['Part', 'Description'], parts));

  const cssProps = el.cssProperties.map((p) => [code(p.name), code(p.default), cell(p.description)]);
  out.push(...(cssProps.length ? ['### CSS custom properties', ''] : []), ...table(['Property', 'Default', 'Description'], cssProps));
  out.push(...accessibility(el.tagName));
  return out.join('\n');
}

/** The whole of docs/elements.md for a manifest. */
export function elementDocs(manifest) {
  const elements = elementsOf(manifest);
  const contents = elements.map((el) => `- [\`<${el.tagName}>\`](#${el.tagName}): ${cell(el.summary)}`);
  return [
    '<!-- Generated by scripts/generate-element-docs.mjs from custom-elements.json: do not edit, run `npm run generate`. -->',
    '# Element reference',
    '',
    'Every element of the kit, from its public contract (the class JSDoc, read into `custom-elements.json`).',
    'Attributes are set in markup; properties from script (or as React wrapper props); events carry their',
    'data in `event.detail`; parts and custom properties are the styling hooks (`::part(name)`, `--service-*`).',
    '',
    ...contents,
    '',
    ...elements.map(elementSection),
  ].join('\n').replace(/\n{3,}/g, '\n\n').replace(/\n*$/, '\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = elementDocs(readManifest());
  const path = join(ROOT, DOCS_PATH);
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(path, 'utf8');
    } catch {
      // missing counts as stale
    }
    if (current !== text) {
      console.error(`${DOCS_PATH} is stale: run \`npm run generate\``);
      process.exit(1);
    }
  } else {
    writeFileSync(path, text);
    console.log(`generate-element-docs: wrote ${DOCS_PATH}`);
  }
}
