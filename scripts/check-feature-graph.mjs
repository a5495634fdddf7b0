// Part of `npm run lint`: the web features (src/web/features/<name>/) must not depend on each other in a loop.
// ESLint's import-x/no-cycle sees loops between files; this sees them between features, where a loop runs through
// different files (services' card → messages' dialog, messages' chat → reviews' form, reviews → services' caches).
//
// Every .ts/.tsx file under src/web counts, the tests too (a test that reaches into another feature ties the two as
// much as the code does). A dependency is any module a file names: static imports and re-exports (types included),
// dynamic `import()`, and `vi.mock`/`vi.doMock`/`vi.importActual`/`vi.importMock`. A feature depends on another when
// one of its files reaches a file of the other, directly or through files outside the features (core/, components/,
// lib/, test-support/; never app/, which composes the features and which none of them may import). Exits 1 and names
// the import chain of every edge of a loop; `--graph` prints the edges.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..');
const WEB = join(ROOT, 'src/web');
const FEATURES = join(WEB, 'features');
const VITEST_CALLS = new Set(['mock', 'doMock', 'unmock', 'doUnmock', 'importActual', 'importMock']);

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The module names a file mentions, in source order. */
function specifiers(file) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const literal = (node) => node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      found.push(literal(node.moduleSpecifier));
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      found.push(literal(node.moduleReference.expression));
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isVitest = ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'vi' && VITEST_CALLS.has(callee.name.text);
      if (isImport || isVitest) found.push(literal(node.arguments[0]));
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      found.push(literal(node.argument.literal));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((name) => name !== undefined);
}

/**
 * The file a relative or `#web/…` specifier names (the sources import `.ts` files as `.js`, and package.json maps
 * `#web/*` to src/web), or undefined for a package.
 */
function resolveSpecifier(from, specifier) {
  let base;
  if (specifier.startsWith('#web/')) base = join(WEB, specifier.slice('#web/'.length));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return undefined;
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

const featureOf = (file) => (file.startsWith(FEATURES + sep) ? relative(FEATURES, file).split(sep)[0] : undefined);
const show = (file) => relative(ROOT, file);

const files = sourceFiles(WEB);
/** @type {Map<string, string[]>} file → the files it names */
const imports = new Map(files.map((file) => [file, specifiers(file).map((s) => resolveSpecifier(file, s)).filter(Boolean)]));

/**
 * feature → (other feature → the import chain that shows the edge). From each file of a feature, the walk follows
 * imports through its own files and through files outside the features, and stops at the first file of another one.
 */
const edges = new Map();
for (const feature of new Set(files.map(featureOf).filter(Boolean))) {
  const reached = new Map();
  const cameFrom = new Map();
  const queue = files.filter((file) => featureOf(file) === feature);
  for (const file of queue) cameFrom.set(file, null);
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of imports.get(file) ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, file);
      const other = featureOf(next);
      if (other && other !== feature) {
        if (!reached.has(other)) {
          const chain = [next];
          for (let step = file; step; step = cameFrom.get(step)) chain.unshift(step);
          reached.set(other, chain.map(show));
        }
        continue;
      }
      queue.push(next);
    }
  }
  edges.set(feature, reached);
}

/** The strongly connected components with more than one feature: each is a loop (Tarjan). */
function loops() {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const connect = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component);
    }
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) connect(node);
  return found;
}

/** One cycle through a component, as the list of features in order (a breadth-first path back to its start). */
function cycleIn(component) {
  const members = new Set(component);
  const start = [...component].sort()[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of edges.get(node).keys()) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [];
        for (let step = node; step; step = previous.get(step)) path.unshift(step);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start];
}

const edgeList = [...edges].flatMap(([from, to]) => [...to.keys()].sort().map((target) => `${from} → ${target}`)).sort();
if (process.argv.includes('--graph')) for (const edge of edgeList) console.log(edge);

const found = loops();
if (found.length === 0) {
  console.log(`Web features: ${edges.size} features, ${edgeList.length} dependencies, no loop.`);
  process.exit(0);
}
console.error('The web features depend on each other in a loop (docs/ARCHITECTURE.md: features import each other one way only).');
for (const component of found) {
  const cycle = cycleIn(component);
  console.error(`\n${cycle.join(' → ')}`);
  for (let i = 0; i + 1 < cycle.length; i++) {
    console.error(`  ${cycle[i]} → ${cycle[i + 1]}: ${edges.get(cycle[i]).get(cycle[i + 1]).join(' → ')}`);
  }
}
process.exit(1);
