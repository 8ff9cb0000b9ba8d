import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Layers import one way only (DESIGN.md §1): contract ← server, contract ← web; never server ↔ web. */
const boundary = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/contract/*'],
    rules: boundary(['**/server/**', '**/web/**', '**/admin/**', '../*'], 'src/contract imports nothing of ours.'),
  },
  {
    files: ['src/contract/admin/**'],
    rules: boundary(['**/server/**', '**/web/**', '../../*'], 'src/contract imports nothing of ours.'),
  },
  {
    files: ['src/server/**'],
    rules: boundary(['**/web/**', '**/src/admin/**'], 'The server never imports the web apps.'),
  },
  {
    files: ['src/web/**', 'src/admin/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundary(['**/server/**', 'node:*'], 'The web app talks to the server only through /beapi.'),
    },
  },
);
