import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { configs as litConfigs } from 'eslint-plugin-lit';
import { configs as wcConfigs } from 'eslint-plugin-wc';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', '.data-test/', 'custom-elements.json', 'bench/.tmp/', 'examples/*/_site/', 'examples/*/node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  { files: ['src/**/*.ts'], ...litConfigs['flat/recommended'] },
  { files: ['src/**/*.ts'], ...wcConfigs['flat/recommended'] },
  {
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
);
