import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Which folders may import which: shared imports neither side, and the two sides never import each other.
 * Each side is named twice: by relative path and by its package.json subpath import (`#server/…`, `#web/…`);
 * the `#` is escaped because these are .gitignore-style patterns, where a leading `#` starts a comment.
 */
const layers = {
  'src/shared/**': ['**/server/**', '**/web/**', '\\#server/**', '\\#web/**'],
  'src/server/**': ['**/web/**', '\\#web/**'],
  'src/web/**': ['**/server/**', '\\#server/**'],
};
const crossesLayer = (group) => ({ group, message: 'Crosses an architecture boundary (see docs/ARCHITECTURE.md).' });

/**
 * A server module is entered through its index.ts only (decision 034): from a sibling module (`../auth/plugin.js`)
 * or from anywhere else (`…/modules/accounts/plugin.js`, `#server/modules/accounts/identity/plugin.js`), any other
 * file of a module is its own business. Inside a module, import its own files relatively: `#server/modules/<same>/x.js`
 * counts as outside. A module may keep its files in sub-folders (decision 059), whose files climb to `modules/` with
 * one `../` more per level, so the sibling pattern is made per depth, as the web features' is.
 */
const moduleFace = {
  fromSibling: (depth) => ({
    regex: `^(\\.\\./){${depth + 1}}(?!\\.)[^/]+/(?!index\\.js$).+$`,
    message: "Another module's internals: import its index.js (decision 034).",
  }),
  fromOutside: { regex: '/modules/[^/]+/(?!index\\.js$).+$', message: "A module's internals: import its index.js (decision 034)." },
};
/** How deep a module's files go (modules/<m>/<folder>/x.ts is at depth 1); one config entry per depth. */
const MODULE_DEPTHS = [0, 1];

/**
 * A web feature is entered through its index.ts only, like a server module. A feature file climbs to `features/` with
 * one `../` more than it is deep inside its feature, so the pattern for another feature's files is made per depth;
 * `fromOutside` catches a path through `…/features/<name>/`. Features use only three faces of the core layer: the page
 * addresses, the session (the signed-in user) and the query cache's keys and helpers (`core/cache/`, which several
 * features refresh each other through, so the features need not import each other for it). The app layer and main.tsx
 * compose the pages and may reach in: a lazy route loads the page file itself.
 */
const featureFace = {
  fromSibling: (depth) => ({
    regex: `^(\\.\\./){${depth + 1}}(?!\\.)[^/]+/(?!index\\.js$).+$`,
    message: "Another feature's internals: import its index.js (docs/ARCHITECTURE.md).",
  }),
  fromOutside: { regex: '/features/[^/]+/(?!index\\.js$).+$', message: "A feature's internals: import its index.js (docs/ARCHITECTURE.md)." },
  coreFromFeature: {
    regex: '(^|/)core/(?!paths\\.js$|session/index\\.js$|cache/index\\.js$)',
    message: 'A feature imports only core/paths.js, core/session/index.js and core/cache/index.js.',
  },
  session: { regex: '(^|/)session/(?!index\\.js$)[^/]+$', message: 'The session is entered through core/session/index.js.' },
};
/**
 * The web app's two layers around the features: `app/` composes them (router, providers, layout) and sits above them,
 * `core/` is what they share (page addresses, session, query client and cache keys) and sits below them. Zones name
 * folders, and import-x resolves each import (relative, `#web/…`, type-only or `import()`) to the file it loads, so
 * no spelling of a path gets past (one that loads nothing is the type check's to refuse). main.tsx and
 * entry-server.tsx, above app/, may import it.
 */
const webLayers = [
  {
    target: ['src/web/features', 'src/web/components', 'src/web/lib', 'src/web/core', 'src/web/test-support'],
    from: 'src/web/app',
    message: 'Only main.tsx and entry-server.tsx import the app layer, which composes the features (docs/ARCHITECTURE.md).',
  },
  {
    target: ['src/web/core', 'src/web/components', 'src/web/lib'],
    from: 'src/web/features',
    message: 'core/, components/ and lib/ sit below the features and import none (decision 060).',
  },
];

/** How deep a feature's files go (features/<f>/components/form/x.tsx is at depth 2); one config entry per depth. */
const FEATURE_DEPTHS = [0, 1, 2, 3, 4];

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
  { files: ['src/web/**'], rules: restrictImports([crossesLayer(layers['src/web/**']), featureFace.fromOutside, featureFace.session]) },
  { files: ['src/web/app/**', 'src/web/main.tsx'], rules: restrictImports([crossesLayer(layers['src/web/**']), featureFace.session]) },
  ...FEATURE_DEPTHS.map((depth) => ({
    files: [`src/web/features/${'*/'.repeat(depth + 1)}*`],
    rules: restrictImports([
      crossesLayer(layers['src/web/**']),
      featureFace.fromOutside,
      featureFace.fromSibling(depth),
      featureFace.coreFromFeature,
    ]),
  })),
  { files: ['src/server/**'], rules: restrictImports([crossesLayer(layers['src/server/**']), moduleFace.fromOutside]) },
  ...MODULE_DEPTHS.map((depth) => ({
    files: [`src/server/modules/${'*/'.repeat(depth + 1)}*`],
    rules: restrictImports([crossesLayer(layers['src/server/**']), moduleFace.fromSibling(depth), moduleFace.fromOutside]),
  })),
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
  // Nor in the browser: features that use each other do it through faces that export no way back. And the web's
  // layers import downwards only.
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: webLayers }],
    },
  },
  // A promise nobody awaits loses its failure: every one is awaited, returned or marked `void` on purpose (decision 058).
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
);
