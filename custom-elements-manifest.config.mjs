// Builds custom-elements.json (`npm run analyze`) from the elements' JSDoc: every
// src/components/<name>/<name>.ts, with the shared base class read for inheritance.
// The plugin below finishes what the analyzer leaves out; the tests check the file is fresh.

/** Interfaces that declare events (`'service-x': CustomEvent<Detail>`) in `declare global`. */
const EVENT_MAPS = new Set(['HTMLElementEventMap', 'GlobalEventHandlersEventMap']);

const squash = (text) => text.replace(/\s+/g, ' ').replace(/^\| /, '').trim();

/**
 * - attributes and fields typed by an alias of literals (`LoginScope`) get the literals (`expandedType`);
 * - events get their detail type from the `HTMLElementEventMap` / `GlobalEventHandlersEventMap`
 *   declarations (`type`), and the detail's shape one level deep (`expandedType`);
 * - events the analyzer guessed from `new CustomEvent(name)` in a helper are dropped;
 * - `static properties` entries with `state: true` lose their (non-existent) attribute;
 * - private members are dropped: they are not the contract;
 * - only element modules (a class with a tag name) are kept, with their package paths (dist/lib/...);
 *   the base class's members are already copied into each element by then.
 */
export function serviceManifestPlugin() {
  const eventTypes = new Map(); // event name -> 'CustomEvent<Detail>'
  const shapes = new Map(); // type alias name -> its type's text
  const interfaces = new Map(); // interface name -> { bases, members: [key, type][] }
  const states = new Set(); // 'Class.field' of static-properties states

  function collectType(ts, node) {
    const name = node.name.text;
    if (ts.isTypeAliasDeclaration(node)) {
      shapes.set(name, squash(node.type.getText()));
      return;
    }
    const members = node.members
      .filter((m) => ts.isPropertySignature(m) && m.type)
      .map((m) => [`${m.name.getText()}${m.questionToken ? '?' : ''}`, squash(m.type.getText())]);
    const bases = (node.heritageClauses ?? []).flatMap((h) => h.types.map((t) => t.getText()));
    interfaces.set(name, { bases, members });
  }

  /** An interface as a type literal, its members' literal aliases written out. */
  function shapeOf(name) {
    const { bases, members } = interfaces.get(name);
    const body = members.length ? `{ ${members.map(([key, type]) => `${key}: ${expandAliases(type)}`).join('; ')} }` : '{}';
    return [...bases, body].join(' & ');
  }

  function collectEvents(ts, node) {
    for (const m of node.members) {
      if (ts.isPropertySignature(m) && m.type && ts.isStringLiteral(m.name)) eventTypes.set(m.name.text, squash(m.type.getText()));
    }
  }

  function collectStates(ts, node) {
    const cls = node.parent;
    if (!ts.isClassDeclaration(cls) || !cls.name || !node.initializer || !ts.isObjectLiteralExpression(node.initializer)) return;
    for (const p of node.initializer.properties) {
      if (!ts.isPropertyAssignment(p) || !ts.isObjectLiteralExpression(p.initializer)) continue;
      const isState = p.initializer.properties.some(
        (o) => ts.isPropertyAssignment(o) && o.name.getText() === 'state' && o.initializer.kind === ts.SyntaxKind.TrueKeyword,
      );
      if (isState) states.add(`${cls.name.text}.${p.name.getText()}`);
    }
  }

  /** A union of literals (`'read' | 'write'`) in place of each alias of one (`LoginScope`). */
  const LITERALS = /^('[^']*'|-?\d+(\.\d+)?|true|false)( \| ('[^']*'|-?\d+(\.\d+)?|true|false))*$/;
  const expandAliases = (text) => text.split(' | ').map((t) => (LITERALS.test(shapes.get(t) ?? '') ? shapes.get(t) : t)).join(' | ');

  /** `CustomEvent<Name>` with Name's shape written out, when Name is declared in the analyzed code. */
  const expand = (text) =>
    text.replace(/<([A-Za-z_$][\w$]*)>/, (whole, name) => (interfaces.has(name) ? `<${shapeOf(name)}>` : shapes.has(name) ? `<${shapes.get(name)}>` : whole));

  /** src/components/a/a.ts -> dist/lib/components/a/a.js (tolerates the analyzer's leading slash). */
  const distPath = (path) => path.replace(/^\/?src\//, 'dist/lib/').replace(/\.ts$/, '.js');

  function finishClass(cls) {
    // States first, private ones included: their attribute goes even though the member does.
    for (const m of cls.members ?? []) {
      if (!states.has(`${m.inheritedFrom?.name ?? cls.name}.${m.name}`)) continue;
      delete m.attribute;
      delete m.reflects;
      cls.attributes = cls.attributes?.filter((a) => a.fieldName !== m.name);
    }
    // Private members, and `static properties` (Lit's own; the analyzer keeps a mixin's).
    cls.members = cls.members?.filter((m) => m.privacy !== 'private' && !m.name.startsWith('#') && !(m.static && m.name === 'properties'));
    // The analyzer copies a mixin's attributes with the member's `attribute` key: not an attribute's field.
    for (const attribute of cls.attributes ?? []) delete attribute.attribute;
    for (const item of [...(cls.members ?? []), ...(cls.attributes ?? [])]) {
      const text = item.type?.text;
      if (text && expandAliases(text) !== text) item.expandedType = { text: expandAliases(text) };
    }
    cls.events = cls.events?.filter((e) => e.description || eventTypes.has(e.name));
    for (const e of cls.events ?? []) {
      const type = eventTypes.get(e.name);
      if (!type) continue;
      e.type = { text: type };
      if (expand(type) !== type) e.expandedType = { text: expand(type) };
    }
    for (const key of ['attributes', 'members', 'events', 'slots', 'cssParts', 'cssProperties']) {
      if (Array.isArray(cls[key]) && cls[key].length === 0) delete cls[key];
    }
  }

  /**
   * `inheritedFrom` names the class or mixin that declares the item: the analyzer copies a base
   * class's items after its mixin's, so an item a mixin gave the base (ConfiguredElement's
   * attributes, via ServiceElement) would otherwise name the base.
   */
  function originalDeclarers(manifest) {
    const declarations = new Map(manifest.modules.flatMap((mod) => mod.declarations ?? []).map((d) => [d.name, d]));
    for (const decl of declarations.values()) {
      for (const key of ['members', 'attributes', 'events']) {
        for (const item of decl[key] ?? []) {
          for (let from = item.inheritedFrom, seen = 0; from && seen < 10; seen++) {
            const origin = declarations.get(from.name)?.[key]?.find((other) => other.name === item.name)?.inheritedFrom;
            if (!origin || origin.name === from.name) break;
            item.inheritedFrom = from = { ...origin };
          }
        }
      }
    }
  }

  return {
    name: 'service-manifest',
    collectPhase({ ts, node }) {
      const inGlobal = node.parent && ts.isModuleBlock(node.parent);
      if (ts.isInterfaceDeclaration(node) && inGlobal && EVENT_MAPS.has(node.name.text)) collectEvents(ts, node);
      else if ((ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && !inGlobal) collectType(ts, node);
      if (ts.isPropertyDeclaration(node) && node.name.getText() === 'properties' && node.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword)) {
        collectStates(ts, node);
      }
    },
    packageLinkPhase({ customElementsManifest: manifest }) {
      originalDeclarers(manifest);
      manifest.modules = manifest.modules.filter((mod) => mod.declarations?.some((d) => d.customElement && d.tagName));
      const kept = new Set(manifest.modules.map((mod) => mod.path));
      // A reference to a dropped module (the shared base class) keeps only its name.
      const sourceOf = (module) => module.replace(/^\//, '').replace(/\.js$/, '.ts');
      const relink = (ref) => {
        if (!ref?.module) return;
        if (kept.has(sourceOf(ref.module))) ref.module = distPath(sourceOf(ref.module));
        else delete ref.module;
      };
      for (const mod of manifest.modules) {
        for (const decl of mod.declarations) {
          if (decl.kind === 'class') finishClass(decl);
          relink(decl.superclass);
          for (const mixin of decl.mixins ?? []) relink(mixin);
          for (const key of ['members', 'attributes', 'events']) for (const item of decl[key] ?? []) relink(item.inheritedFrom);
        }
        // Re-exports from dropped helper modules are `export type` lines: not part of the JS module.
        mod.exports = mod.exports?.filter((exp) => !exp.declaration.module || kept.has(sourceOf(exp.declaration.module)));
        for (const exp of mod.exports ?? []) relink(exp.declaration);
      }
      for (const mod of manifest.modules) mod.path = distPath(mod.path);
      manifest.modules.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    },
  };
}

/**
 * The elements register through the kit's `define('service-x', Class)` helper
 * (src/components/shared/configured-element.ts), which the analyzer does not know: each call
 * becomes the `custom-element-definition` export a `customElements.define` call would give.
 */
export function defineCallsPlugin() {
  return {
    name: 'service-kit define() calls',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== 'define') return;
      const [tag, element] = node.arguments;
      if (!tag || !ts.isStringLiteral(tag) || !element || !ts.isIdentifier(element)) return;
      const definition = { kind: 'custom-element-definition', name: tag.text, declaration: { name: element.text, module: moduleDoc.path } };
      moduleDoc.exports = [...(moduleDoc.exports ?? []), definition];
    },
  };
}

export default {
  // The core is read only for its type aliases (`LoginScope`); its modules, holding no element, are dropped.
  globs: ['src/components/**/*.ts', 'src/core/**/*.ts'],
  exclude: ['src/components/**/*.styles.ts'],
  outdir: '.',
  litelement: true,
  packagejson: false,
  plugins: [defineCallsPlugin(), serviceManifestPlugin()],
};
