// Issue 28: every shipped translation is well formed. A value keeps its key's placeholders (no
// unknown one, none lost in a plain string), a plural value names only the forms its language
// has, and no value still holds English's `singular|plural` join.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { translations } from '../../src/core/i18n/registry.js';
import { KIT_TRANSLATIONS } from '../../server/languages.js';

const codes = readdirSync(new URL('../../src/translations/', import.meta.url))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.slice(0, -3));
for (const code of codes) await import(`../../src/translations/${code}.js`);

const placeholders = (text: string) => new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));

describe('shipped translations', () => {
  test('six or more languages, each registered under its code', () => {
    assert.ok(codes.length >= 6, codes.join(', '));
    for (const code of codes) assert.ok(translations().tables[code], code);
  });

  test('the service imports every one of them, each naming its own language', () => {
    assert.deepEqual(KIT_TRANSLATIONS, [...codes].sort());
  });

  for (const code of codes) {
    test(`${code}: placeholders, plural forms and no English plural join`, () => {
      const forms = new Intl.PluralRules(code).resolvedOptions().pluralCategories as string[];
      const problems: string[] = [];
      for (const [key, value] of Object.entries(translations().tables[code]!)) {
        const wanted = placeholders(key);
        const texts = typeof value == 'string' ? [value] : Object.values(value);
        if (typeof value != 'string') {
          for (const form of Object.keys(value)) if (!forms.includes(form)) problems.push(`${key}: ${code} has no "${form}" form`);
          if (!value.other) problems.push(`${key}: no "other" form`);
        }
        for (const text of texts) {
          if (text.includes('|')) problems.push(`${key}: "${text}" holds a | (English's singular|plural join)`);
          for (const name of placeholders(text)) if (!wanted.has(name)) problems.push(`${key}: "${text}" has {${name}}, which the key does not`);
          // A form may spell its number out (Arabic's one album); every other placeholder is kept.
          for (const name of wanted) if (name != 'n' && !placeholders(text).has(name)) problems.push(`${key}: "${text}" drops {${name}}`);
        }
        if (typeof value != 'string' && !placeholders(value.other).has('n')) problems.push(`${key}: the "other" form drops {n}`);
      }
      assert.deepEqual(problems, []);
    });
  }
});
