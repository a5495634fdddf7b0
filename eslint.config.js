import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Which folders may import which: shared imports neither side, and the two sides never import each other. */
const boundaries = {
  'src/shared/**': ['**/server/**', '**/web/**'],
  'src/server/**': ['**/web/**'],
  'src/web/**': ['**/server/**'],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.tmp/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
  { files: ['src/web/public/**/*.js'], languageOptions: { globals: { ...globals.browser }, sourceType: 'script' } },
  ...Object.entries(boundaries).map(([files, group]) => ({
    files: [files],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group, message: 'Crosses an architecture boundary (see docs/ARCHITECTURE.md).' }] }] },
  })),
);
