import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** Every .ts file under `dir` but declarations. */
export function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sources(join(dir, d.name)) : d.name.endsWith('.ts') && !d.name.endsWith('.d.ts') ? [join(dir, d.name)] : [],
  );
}

const words = (text: string) => text.match(/[A-Za-z_][\w-]*/g) ?? [];
/** Each value of a `class` attribute in a template's text: quoted, or bare. */
const CLASS_VALUE = /(\sclass=)("[^"]*"|'[^']*'|[^\s>"'=<`]+)/g;
/** A class selector in CSS, or a string or url() (kept as they are). */
const CSS_CLASS = /("[^"]*"|'[^']*'|url\([^)]*\))|\.(-?[A-Za-z_][\w-]*)/g;
/** Where CSS selects what the page marks up: the host and slotted children (their classes are the page's). */
const PAGE_SELECTOR = /(?::host-context|:host|::slotted)\(([^()]*(?:\([^()]*\))?[^()]*)\)/g;
/** Stands for an interpolation while a template's text is read whole. */
const HOLE = '\u0000';

/** `a`, `b`, ... `z`, `aa`, `ab`, ...: lower case, so a page in quirks mode matches them too. */
const nameOf = (i: number): string => (i < 26 ? '' : nameOf(Math.floor(i / 26) - 1)) + String.fromCharCode(97 + (i % 26));

/**
 * Short names for the classes of the elements' shadow DOM (never part of the styling API, which
 * is `part` and custom properties), decided once for all of src/ so that every module of a build
 * agrees. A class is renamed only when the sources' templates set it in a class attribute's
 * written text, and no script can name it: a class that appears in a string or an untagged
 * template (`class=${name}`, `querySelector('.name')`), next to an interpolation in a class
 * attribute, inside `:host(...)` or `::slotted(...)`, or in a stylesheet with interpolations
 * or escapes keeps its name.
 */
export function classNames(dir = 'src') {
  const seen = new Map<string, number>();
  const kept = new Set<string>();
  const keep = (text: string) => words(text).forEach((w) => kept.add(w));
  for (const file of sources(dir)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      const tag = ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) ? node.tag.text : '';
      if (tag == 'css' || tag == 'html' || tag == 'svg') {
        const template = (node as ts.TaggedTemplateExpression).template;
        const parts = ts.isTemplateExpression(template) ? [template.head, ...template.templateSpans.map((s) => s.literal)] : [template];
        const text = parts.map((p) => p.rawText ?? '').join(HOLE);
        if (tag == 'css') {
          if (parts.length > 1 || text.includes('\\')) for (const [, name] of text.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)) kept.add(name!);
          for (const [, inner] of text.matchAll(PAGE_SELECTOR)) keep(inner!.replace(/\[[^\]]*\]/g, ''));
        } else {
          for (const [, , value] of text.matchAll(CLASS_VALUE)) {
            if (value!.includes(HOLE)) keep(value!);
            else words(value!).forEach((w) => seen.set(w, (seen.get(w) ?? 0) + 1));
          }
        }
        if (ts.isTemplateExpression(template)) template.templateSpans.forEach((s) => visit(s.expression));
        return;
      }
      if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) keep(node.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  // The most used classes get the shortest names; no short name is one of the kept names.
  const names = new Map<string, string>();
  let i = 0;
  for (const [name] of [...seen].filter(([n]) => !kept.has(n)).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
    let short: string;
    do short = nameOf(i++);
    while (kept.has(short));
    names.set(name, short);
  }
  const rename = (name: string) => names.get(name) ?? name;
  return {
    names,
    /** A stylesheet's text with its class selectors renamed (strings left alone). */
    css: (css: string) => css.replace(CSS_CLASS, (_, string?: string, name?: string) => string ?? `.${rename(name!)}`),
    /** A template's text with the names in its whole class attribute values renamed. */
    html: (text: string) =>
      text.replace(CLASS_VALUE, (_, start: string, value: string) => `${start}${value.replace(/[A-Za-z_][\w-]*/g, rename)}`),
  };
}
