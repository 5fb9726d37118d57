// Builds a form whose fields are bound to an element's attributes. The attributes come from
// the element's own class (Lit's `elementProperties`), so a new element needs no demo code;
// the manifest, when generated, adds descriptions and the values of enumerated attributes.
import { ENUMS } from './presets.js';

/** Attributes every element shares for its connection; grouped apart in the form. */
const CONNECTION = ['app-name', 'api-key', 'host-list-url', 'auth-url', 'host'];

/**
 * Reads custom-elements.json (if it has been generated) into tag → { attributes, events }.
 * @returns {Promise<Map<string, { attributes: Map<string, { description?: string, values?: string[] }>, events: string[] }>>}
 */
export async function loadManifest(url) {
  const byTag = new Map();
  try {
    const res = await fetch(url);
    if (!res.ok) return byTag;
    const manifest = await res.json();
    for (const declaration of manifest.modules.flatMap((m) => m.declarations ?? [])) {
      if (!declaration.tagName) continue;
      const attributes = new Map();
      for (const a of declaration.attributes ?? []) {
        attributes.set(a.name, { description: a.description, values: literalValues(a.type?.text) });
      }
      byTag.set(declaration.tagName, { attributes, events: (declaration.events ?? []).map((e) => e.name).filter(Boolean) });
    }
  } catch {
    // No manifest yet: the forms fall back to the classes and ENUMS.
  }
  return byTag;
}

/** `'a' | 'b' | undefined` → ['a', 'b']; anything that is not all string literals → undefined. */
function literalValues(text) {
  if (!text) return undefined;
  const parts = text.split('|').map((p) => p.trim()).filter((p) => p !== 'undefined');
  const values = parts.map((p) => /^(['"])(.*)\1$/.exec(p)?.[2]);
  return values.length > 1 && values.every((v) => v !== undefined) ? values : undefined;
}

/**
 * The element's attributes: name, kind (boolean, number, enum or text) and allowed values.
 * @param {HTMLElement} element
 * @param {{ attributes: Map<string, { description?: string, values?: string[] }> } | undefined} info
 */
export function attributesOf(element, info) {
  const tag = element.localName;
  const found = new Map();
  const props = /** @type {any} */ (customElements.get(tag))?.elementProperties;
  for (const [name, options] of props ?? []) {
    if (options.state || options.attribute === false || typeof name !== 'string') continue;
    const attr = typeof options.attribute === 'string' ? options.attribute : name.toLowerCase();
    const kind = options.type === Boolean ? 'boolean' : options.type === Number ? 'number' : 'text';
    found.set(attr, { attr, prop: name, kind });
  }
  for (const attr of info?.attributes.keys() ?? []) if (!found.has(attr)) found.set(attr, { attr, kind: 'text' });
  for (const entry of found.values()) {
    const meta = info?.attributes.get(entry.attr);
    entry.description = meta?.description;
    const values = meta?.values ?? ENUMS[`${tag} ${entry.attr}`] ?? ENUMS[entry.attr];
    // A number with a fixed set (heading-level) is a select too: no free text where only some values work.
    if (entry.kind !== 'boolean' && values) Object.assign(entry, { kind: 'enum', values });
  }
  return [...found.values()];
}

let serial = 0;

/** One labelled field bound to `element`'s attribute `entry.attr`. */
function field(element, entry) {
  const id = `f${++serial}`;
  const label = Object.assign(document.createElement('label'), { htmlFor: id, textContent: entry.attr });
  if (entry.description) label.title = entry.description;
  let input;
  if (entry.kind === 'enum') {
    input = document.createElement('select');
    for (const value of ['', ...entry.values.filter(Boolean)]) input.add(new Option(value || '(unset)', value));
  } else {
    input = document.createElement('input');
    input.type = entry.kind === 'boolean' ? 'checkbox' : entry.kind === 'number' ? 'number' : 'text';
    const current = entry.prop ? element[entry.prop] : undefined;
    if (entry.kind !== 'boolean' && current !== undefined && current !== null && typeof current !== 'object') {
      input.placeholder = String(current);
    }
  }
  input.id = id;
  input.name = entry.attr;
  const read = () => {
    if (input.type === 'checkbox') input.checked = element.hasAttribute(entry.attr);
    else input.value = element.getAttribute(entry.attr) ?? '';
  };
  const write = () => {
    if (input.type === 'checkbox') element.toggleAttribute(entry.attr, input.checked);
    else if (input.value === '') element.removeAttribute(entry.attr);
    else element.setAttribute(entry.attr, input.value);
  };
  read();
  input.addEventListener(input.type === 'text' ? 'change' : 'input', write);
  const row = document.createElement('div');
  row.className = `field field-${entry.kind}`;
  row.append(label, input);
  return { row, read };
}

/**
 * Fills `form` with a field per attribute of `element`, kept in step with the element (it
 * may change its own attributes, e.g. the trending list's window buttons), and calls
 * `onChange` after every attribute change.
 */
export function bindForm(form, element, info, onChange = () => {}) {
  form.replaceChildren();
  form.addEventListener('submit', (e) => e.preventDefault());
  const entries = attributesOf(element, info);
  const fields = new Map();
  const connection = document.createElement('details');
  connection.append(Object.assign(document.createElement('summary'), { textContent: 'Connection' }));
  for (const entry of entries) {
    const { row, read } = field(element, entry);
    fields.set(entry.attr, read);
    (CONNECTION.includes(entry.attr) && element.localName !== 'service-provider' ? connection : form).append(row);
  }
  if (connection.childElementCount > 1) form.append(connection);
  if (!entries.length) form.append(Object.assign(document.createElement('p'), { textContent: 'No attributes found.' }));
  new MutationObserver((records) => {
    for (const r of records) fields.get(r.attributeName)?.();
    onChange();
  }).observe(element, { attributes: true });
  onChange();
}

/** The element's opening tag as markup, e.g. `<service-track-card track-id="D7KyD">`. */
export function markup(element) {
  const attrs = [...element.attributes]
    .filter((a) => a.name !== 'id' && a.name !== 'class')
    .map((a) => (a.value === '' ? ` ${a.name}` : ` ${a.name}="${a.value.replaceAll('"', '&quot;')}"`));
  return `<${element.localName}${attrs.join('')}></${element.localName}>`;
}
