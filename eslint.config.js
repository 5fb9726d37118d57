import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { configs as litConfigs } from 'eslint-plugin-lit';
import { configs as wcConfigs } from 'eslint-plugin-wc';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', '.data-test/', 'custom-elements.json', 'bench/.tmp/', 'examples/*/_site/', 'examples/*/node_modules/', 'examples/*/dist/', 'examples/*/.next/', 'examples/*/next-env.d.ts', '.pack/', '.cache/', '.scratch/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // A double cast hides from the compiler exactly what it should check: type it, or check a table with `satisfies`.
    files: ['src/**/*.ts', 'server/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "TSAsExpression > TSAsExpression.expression[typeAnnotation.type='TSUnknownKeyword']", message: 'No `as unknown as`: type the value, narrow it, or check it with `satisfies`.' }],
    },
  },
  { files: ['src/**/*.ts'], ...litConfigs['flat/recommended'] },
  { files: ['src/**/*.ts'], ...wcConfigs['flat/recommended'] },
  {
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
  {
    // Browser tests wait on events, requests and states, never on a clock (test/support/waits.ts):
    // the one fixed wait is quietFor, a check that nothing happens within a time.
    files: ['test/components/**/*.ts', 'test/core/**/*.ts', 'test/reliability/**/*.ts'],
    // The waits themselves, and the reliability harness's bounds on child processes.
    ignores: ['test/reliability/support.ts', 'test/reliability/run.ts', 'test/reliability/soak.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'setTimeout', message: 'Wait for the event or state (test/support/waits.ts); quietFor is for checks that nothing happens.' }],
      'no-restricted-imports': ['error', { paths: [{ name: '@open-wc/testing', importNames: ['waitUntil', 'aTimeout'], message: 'Use waitFor from test/support/waits.ts: a generous limit and a failure that names what was awaited.' }] }],
      'no-restricted-syntax': ['error',
        { selector: "CallExpression[callee.property.name='waitForTimeout']", message: 'Wait for the event or state, not for a time.' },
        { selector: "CallExpression[callee.name='sleep']", message: 'Wait for the event or state (test/support/waits.ts); quietFor is for checks that nothing happens.' },
      ],
    },
  },
);
