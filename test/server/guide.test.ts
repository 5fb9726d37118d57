// The guide's framework sections are the example apps' code, file for file: each code block in
// docs/guide.md's React, Vue, Svelte and Next.js sections whose first line names a file
// (`// src/App.tsx`, `<!-- src/App.vue -->`) is that file of examples/<framework>, character for
// character. `npm run test:frameworks` builds and drives those apps, so what the guide shows is
// what was tried.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');
const guide = readFileSync(join(ROOT, 'docs/guide.md'), 'utf8');
const SECTIONS = { React: 'react', Vue: 'vue', Svelte: 'svelte', 'Next.js': 'next' } as const;

/** The text of the `## title` section, up to the next `## `. */
function section(title: string): string {
  const start = guide.indexOf(`\n## ${title}\n`);
  assert.ok(start >= 0, `docs/guide.md has a "## ${title}" section`);
  const end = guide.indexOf('\n## ', start + 1);
  return guide.slice(start, end < 0 ? undefined : end);
}

/** The section's code blocks that name their file on their first line: [file, text]. */
function namedBlocks(text: string): Array<[string, string]> {
  const blocks: Array<[string, string]> = [];
  for (const [, body] of text.matchAll(/^```[a-z]*\n([\s\S]*?)^```$/gm)) {
    const named = /^(?:\/\/|<!--)\s*([\w./-]+\.[a-z]+)\b/.exec(body);
    if (named) blocks.push([named[1], body]);
  }
  return blocks;
}

for (const [title, folder] of Object.entries(SECTIONS)) {
  test(`the guide's ${title} section is examples/${folder}, file for file`, () => {
    const blocks = namedBlocks(section(title));
    assert.ok(blocks.length > 0, `the ${title} section shows the example's files`);
    for (const [file, text] of blocks) {
      let actual: string;
      try {
        actual = readFileSync(join(ROOT, 'examples', folder, file), 'utf8');
      } catch {
        assert.fail(`the ${title} section shows ${file}, which examples/${folder} does not have`);
      }
      assert.equal(text, actual, `the ${title} section's ${file} differs from examples/${folder}/${file}`);
    }
  });
}
