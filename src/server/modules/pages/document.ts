import { createHash } from 'node:crypto';
import type { User } from '#shared/auth.js';
import { PAGE_STATE_ELEMENT_ID, type PageHead, type RenderedPage, VISITOR_ELEMENT_ID } from '#shared/pages.js';

/** Vite's build manifest: each source module's chunk, the chunks it imports and its styles. */
export type ViteManifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/** The picture link previews show for a page without one of its own (1200 × 630, made for the purpose). */
export const SITE_IMAGE = { path: '/social-card.png', width: 1200, height: 630, alt: 'Community Services Marketplace: neighbours helping neighbours' } as const;

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an attribute value or an element's content: nothing in it can close the tag or open another. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ATTRIBUTE_ESCAPES[character]!);
}

const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON to sit inside a <script> element: `</script>` and `<!--` cannot appear in it, and it stays the same JSON. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => SCRIPT_ESCAPES[character]!);
}

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta\s+name="description"[^>]*>/;
const ROOT = '<div id="root"></div>';
/** The tags of index.html a rendered document changes (decision 043), as Vite and the template write them. */
const THEME_SCRIPT = /<script src="(\/theme-init\.js)"><\/script>/;
const ENTRY_SCRIPT = /<script type="module" (?:crossorigin )?src="([\w./-]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([\w./-]+)">/g;
/** The script that starts the app once a rendered page has been painted; it reads its list from #page-scripts. */
const BOOT_SCRIPT = '/page-boot.js';
const BOOT_LIST_ELEMENT_ID = 'page-scripts';

/** A file the document links to, by its address (`/theme-init.js`); undefined when the build has none. */
export type ReadPublicFile = (path: string) => string | undefined;

/**
 * A script's text to sit inside a <script> element, unless it holds something that would end it early; without its
 * lines that are only a `//` comment (decision 065: a third of the two scripts every rendered page carries, and
 * nothing a browser runs).
 */
function inlinable(readFile: ReadPublicFile | undefined, path: string): string | undefined {
  const text = readFile?.(path);
  return text === undefined || text.includes('</') ? undefined : withoutCommentLines(text);
}

export const withoutCommentLines = (script: string) =>
  script
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .join('\n');

/**
 * The built index.html as a server-rendered page uses it (decision 043): the theme script written inline, so the
 * page is painted in its theme as soon as its HTML and the stylesheet have arrived; the stylesheet stays a link to
 * its hashed file, which the browser keeps for a year and every page shares (decision 065: inline it was a third of
 * a listing page); the app's scripts taken out, to be started by the boot script once the page has been painted
 * (their list is `scripts`); the scripts it carries inline, for the Content-Security-Policy. Without a boot script
 * the app's scripts stay, at low priority.
 */
function renderedTemplate(template: string, readFile: ReadPublicFile | undefined) {
  const inlineScripts: string[] = [];
  let document = template
    .replace(TITLE, '')
    .replace(DESCRIPTION, '')
    .replace(THEME_SCRIPT, (tag, path: string) => {
      const script = inlinable(readFile, path);
      if (script === undefined) return tag;
      inlineScripts.push(script);
      return `<script>${script}</script>`;
    });
  const boot = inlinable(readFile, BOOT_SCRIPT);
  const entry = ENTRY_SCRIPT.exec(document)?.[1];
  if (boot === undefined || entry === undefined) {
    document = document.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
    return { document, inlineScripts, boot: undefined };
  }
  const scripts = [entry, ...[...document.matchAll(MODULE_PRELOAD)].map((match) => match[1]!)];
  document = document.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
  inlineScripts.push(boot);
  return { document, inlineScripts, boot: { script: boot, scripts } };
}

/**
 * The built index.html cut where each page's own parts go (decision 042): the head after its fixed tags, the
 * markup inside #root. The page's title and description replace the template's. Parsed once at start: the app's
 * Content-Security-Policy and the page handler both read it.
 */
export function parseTemplate(template: string, readFile?: ReadPublicFile) {
  const { document, inlineScripts, boot } = renderedTemplate(template, readFile);
  const headEnd = document.indexOf('</head>');
  const root = document.indexOf(ROOT);
  if (headEnd < 0 || root < 0 || root < headEnd) throw new Error('index.html has no </head> followed by <div id="root"></div>');
  return {
    head: document.slice(0, headEnd),
    body: document.slice(headEnd, root),
    end: document.slice(root + ROOT.length),
    boot,
    /** The Content-Security-Policy sources that allow the scripts a rendered document carries inline. */
    scriptSources: inlineScripts.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`),
    /** The document a page the browser renders itself is sent as, unchanged (a render that failed). */
    plain: template,
  };
}

export type PageTemplate = ReturnType<typeof parseTemplate>;

/** Every chunk a lazily loaded page needs beyond the entry's, files in load order, each once. */
export function pagePreloads(manifest: ViteManifest | undefined, modules: readonly string[]): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  if (!manifest) return { scripts: [], styles: [] };
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const loaded = new Set<string>();
  const skipEntry = (key: string) => {
    if (loaded.has(key)) return;
    loaded.add(key);
    for (const imported of manifest[key]?.imports ?? []) skipEntry(imported);
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key] === entry);
  if (entryKey) skipEntry(entryKey);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || loaded.has(key)) return;
    loaded.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
  };
  for (const module of modules) visit(module);
  return { scripts: [...scripts], styles: [...styles] };
}

function headTags(head: PageHead, publicUrl: string): string[] {
  const absolute = (path: string) => new URL(path, publicUrl).href;
  const url = absolute(head.canonicalPath);
  const image = head.image ?? SITE_IMAGE;
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" data-page-head>`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
  ];
  if (head.noIndex) tags.push('<meta name="robots" content="noindex" data-page-head>');
  tags.push(
    meta('property', 'og:site_name', 'Community Services Marketplace'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:url', url),
    meta('property', 'og:image', absolute(image.path)),
    meta('property', 'og:image:alt', image.alt),
    ...(image.width && image.height ? [meta('property', 'og:image:width', String(image.width)), meta('property', 'og:image:height', String(image.height))] : []),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', absolute(image.path)),
    meta('name', 'twitter:image:alt', image.alt),
  );
  if (head.structuredData) {
    const { image: path, ...data } = head.structuredData;
    const structured = { ...data, url, ...(typeof path === 'string' && { image: absolute(path) }) };
    tags.push(`<script type="application/ld+json" data-page-head>${scriptJson(structured)}</script>`);
  }
  return tags;
}

/** What a rendered document adds for its page's own chunks: its stylesheets in the head, and its scripts. */
interface PageChunks {
  styles: string;
  scripts: string[];
}

/**
 * A page's own chunks, worked out once per page module: a build's manifest never changes while the server runs,
 * and a few pages share it.
 */
export function pageChunks(manifest: ViteManifest | undefined): (modules: readonly string[]) => PageChunks {
  const known = new Map<string, PageChunks>();
  return (modules) => {
    const key = modules.join('\n');
    let chunks = known.get(key);
    if (chunks === undefined) {
      const { scripts, styles } = pagePreloads(manifest, modules);
      chunks = { styles: styles.map((file) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}">`).join(''), scripts: scripts.map((file) => `/${file}`) };
      known.set(key, chunks);
    }
    return chunks;
  };
}

/** The whole document for a page the server rendered: its head, its markup, and the cache the browser hydrates from. */
export function renderDocument(template: PageTemplate, page: RenderedPage, options: { publicUrl: string; chunks: (modules: readonly string[]) => PageChunks }): string {
  const chunks = options.chunks(page.modules);
  const preloads = template.boot ? '' : chunks.scripts.map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${escapeHtml(file)}">`).join('');
  const boot = template.boot
    ? `<script type="application/json" id="${BOOT_LIST_ELEMENT_ID}">${scriptJson([...template.boot.scripts, ...chunks.scripts])}</script><script>${template.boot.script}</script>`
    : '';
  return [
    template.head,
    ...headTags(page.head, options.publicUrl),
    chunks.styles,
    preloads,
    template.body,
    `<div id="root">${page.html}</div>`,
    `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${scriptJson(page.state)}</script>`,
    boot,
    template.end,
  ].join('');
}

/**
 * The document of a page the browser renders itself, carrying who asks: the app then knows the visitor at once, a
 * signed-out one without a 401 in the console, a member without a round trip before the page (decision 068).
 */
export function plainDocumentFor(template: PageTemplate, visitor: User | null): string {
  return template.plain.replace(ROOT, `${ROOT}<script type="application/json" id="${VISITOR_ELEMENT_ID}">${scriptJson(visitor)}</script>`);
}
