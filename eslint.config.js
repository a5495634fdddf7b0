import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Which folders may import which: shared imports neither side, and the two sides never import each other. */
const layers = {
  'src/shared/**': ['**/server/**', '**/web/**'],
  'src/server/**': ['**/web/**'],
  'src/web/**': ['**/server/**'],
};
const crossesLayer = (group) => ({ group, message: 'Crosses an architecture boundary (see docs/ARCHITECTURE.md).' });

/**
 * A server module is entered through its index.ts only (decision 034): from a sibling module (`../auth/plugin.js`)
 * or from anywhere else (`…/modules/auth/plugin.js`), any other file of a module is its own business.
 */
const moduleFace = {
  fromSibling: { regex: '^\\.\\./(?!\\.)[^/]+/(?!index\\.js$)[^/]+$', message: "Another module's internals: import its index.js (decision 034)." },
  fromOutside: { regex: '/modules/[^/]+/(?!index\\.js$)[^/]+$', message: "A module's internals: import its index.js (decision 034)." },
};

const restrictImports = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

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
  // Later entries replace earlier ones for the same files, so each carries every pattern that applies to it.
  { files: ['src/shared/**'], rules: restrictImports([crossesLayer(layers['src/shared/**'])]) },
  { files: ['src/web/**'], rules: restrictImports([crossesLayer(layers['src/web/**'])]) },
  { files: ['src/server/**'], rules: restrictImports([crossesLayer(layers['src/server/**']), moduleFace.fromOutside]) },
  { files: ['src/server/modules/**'], rules: restrictImports([crossesLayer(layers['src/server/**']), moduleFace.fromSibling, moduleFace.fromOutside]) },
  { files: ['test/**', 'bench/**', 'e2e/**', 'scripts/**'], rules: restrictImports([moduleFace.fromOutside]) },
  // No import cycles on the server, across modules or within one.
  {
    files: ['src/server/**/*.ts', 'src/shared/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      // The sources import each other as `.js` (NodeNext); the files are `.ts`.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
