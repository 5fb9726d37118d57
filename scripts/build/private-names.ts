import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** Lit's own files in the CDN bundles: a name Lit reads or writes is never renamed. */
const LIT_FILES = ['lit-html/lit-html.js', 'lit-element/lit-element.js', '@lit/reactive-element/reactive-element.js', '@lit/reactive-element/css-tag.js'];

const isPrivate = (d: ts.Declaration) => (ts.getCombinedModifierFlags(d) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) != 0;

/** The property name a node gives, if it names a member or a key. */
function memberName(node: ts.Node): ts.Identifier | undefined {
  const p = node.parent;
  if (!ts.isIdentifier(node) || !p) return undefined;
  const named =
    (ts.isPropertyAccessExpression(p) && p.name == node) ||
    ((ts.isPropertyDeclaration(p) || ts.isMethodDeclaration(p) || ts.isGetAccessor(p) || ts.isSetAccessor(p)) && p.name == node) ||
    ((ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && p.name == node) ||
    ((ts.isPropertySignature(p) || ts.isMethodSignature(p)) && p.name == node) ||
    (ts.isBindingElement(p) && (p.propertyName ?? p.name) == node && ts.isObjectBindingPattern(p.parent)) ||
    (ts.isParameter(p) && p.name == node && ts.getModifiers(p)?.length);
  return named ? node : undefined;
}

/**
 * A key of `static properties = { name: {...} }` names the class's member of that name. Lit makes
 * an attribute from the key unless the options say otherwise, so a key counts as the private
 * member only with `state: true` or its own `attribute` option.
 */
function reactiveKeyMember(node: ts.Identifier, checker: ts.TypeChecker): ts.Symbol | undefined {
  const key = node.parent;
  if (!ts.isPropertyAssignment(key) || !ts.isObjectLiteralExpression(key.parent)) return undefined;
  const field = key.parent.parent;
  if (!ts.isPropertyDeclaration(field) || field.name.getText() != 'properties' || !ts.isClassLike(field.parent)) return undefined;
  const options = key.initializer;
  const ownAttribute =
    ts.isObjectLiteralExpression(options) &&
    options.properties.some((o) => ts.isPropertyAssignment(o) && ((o.name.getText() == 'state' && o.initializer.kind == ts.SyntaxKind.TrueKeyword) || o.name.getText() == 'attribute'));
  if (!ownAttribute) return undefined;
  const type = checker.getTypeAtLocation(field.parent);
  return checker.getPropertyOfType(type, node.text) ?? undefined;
}

/**
 * Names of class members that the kit's sources (src/) only ever use as `private` or `protected`
 * members: safe to rename throughout one bundle, since nothing outside the bundle can name them.
 * A name is left out when anything else uses it: a public member, an object key or a type's
 * field (data from the service, options, event details), a read the compiler cannot resolve, any
 * word of a string or template (`changed.has('name')`, `.name=${...}` bindings), or Lit.
 */
export function privateMemberNames(tsconfig = 'tsconfig.json'): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(tsconfig, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) throw new Error(`cannot read ${tsconfig}`);
  const program = ts.createProgram({ rootNames: config.fileNames.filter((f) => /[\\/]src[\\/]/.test(f)), options: { ...config.options, types: [], noEmit: true } });
  const checker = program.getTypeChecker();
  const privates = new Set<string>();
  const publics = new Set<string>();
  const words = (text: string) => text.match(/[A-Za-z_$][\w$]*/g)?.forEach((w) => publics.add(w));
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || !/[\\/]src[\\/]/.test(file.fileName)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) words(node.text);
      const name = memberName(node);
      if (name) {
        const symbol = reactiveKeyMember(name, checker) ?? checker.getSymbolAtLocation(name);
        const declarations = symbol?.declarations ?? [];
        if (declarations.length && declarations.every(isPrivate)) privates.add(name.text);
        else publics.add(name.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  for (const lit of LIT_FILES) words(readFileSync(join('node_modules', lit), 'utf8'));
  return [...privates].filter((n) => !publics.has(n)).sort();
}
