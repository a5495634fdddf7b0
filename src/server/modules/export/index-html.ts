import { DATA_EXPORT_FILES, DATA_EXPORT_TEXTS, type DataExportFile } from '#shared/data-export.js';
import type { ArchiveContent } from './sections.js';

/**
 * The archive's index.html (decision 062): the same content as its JSON files, for a person to read in any browser,
 * opened from the unzipped folder. It loads nothing from anywhere: no script, no font, no stylesheet but its own, and
 * pictures by their relative path in the archive. Every value is escaped, and its Content-Security-Policy forbids
 * scripts besides, so a listing titled `<script>` is text.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** A picture's place in the archive (sections.ts `picturePath`): the only values shown as pictures or linked to. */
const PICTURE = /^images\/[0-9a-zA-Z-]{1,100}\.webp$/;
/** An ISO 8601 instant as the presenters write it (`toISOString`). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** Words a person would write otherwise than the key's (`homeZip` would read 'Home zip'). */
const LABELS: Record<string, string> = { id: 'ID', homeZip: 'Home ZIP code', zipCode: 'ZIP code', nearZip: 'Near ZIP code', messageId: 'Message ID' };

/** `lastSeenAt` → 'Last seen at'. */
function label(key: string): string {
  if (Object.hasOwn(LABELS, key)) return LABELS[key]!;
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function renderText(value: string): string {
  if (PICTURE.test(value)) return `<a href="${value}"><img src="${value}" alt="Picture"></a>`;
  if (INSTANT.test(value)) return `<time datetime="${value}">${escapeHtml(DATE_FORMAT.format(new Date(value)))} UTC</time>`;
  return `<span class="text">${escapeHtml(value)}</span>`;
}

function renderValue(value: unknown): string {
  if (value === null || value === undefined) return '<span class="none">—</span>';
  if (typeof value === 'string') return renderText(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return escapeHtml(String(value));
  if (Array.isArray(value)) return renderList(value);
  if (typeof value === 'object') return renderRecord(value as Record<string, unknown>);
  return escapeHtml(String(value));
}

function renderList(items: unknown[]): string {
  if (items.length === 0) return `<span class="none">${escapeHtml(DATA_EXPORT_TEXTS.empty)}</span>`;
  if (items.every((item) => typeof item === 'string' && PICTURE.test(item))) return `<div class="pictures">${items.map(renderValue).join('')}</div>`;
  if (items.every((item) => item === null || typeof item !== 'object')) return items.map(renderValue).join(', ');
  return `<ol class="items">${items.map((item) => `<li>${renderValue(item)}</li>`).join('')}</ol>`;
}

function renderRecord(record: Record<string, unknown>): string {
  const rows = Object.entries(record).map(([key, value]) => `<div class="field"><dt>${escapeHtml(label(key))}</dt><dd>${renderValue(value)}</dd></div>`);
  return `<dl>${rows.join('')}</dl>`;
}

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #1a1a1a; background: #fff; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.3rem; margin-top: 2.5rem; border-bottom: 1px solid #ccc; }
nav ul { padding-left: 1.2rem; } .file { color: #555; font-size: 0.9rem; }
dl { margin: 0.25rem 0; } .field { display: flex; flex-wrap: wrap; gap: 0 1rem; padding: 0.15rem 0; }
dt { font-weight: 600; min-width: 11rem; } dd { margin: 0; flex: 1 1 16rem; min-width: 0; overflow-wrap: anywhere; }
ol.items { padding-left: 1.5rem; } ol.items > li { border: 1px solid #ddd; border-radius: 6px; padding: 0.5rem 0.75rem; margin: 0.5rem 0; }
.text { white-space: pre-wrap; } .none { color: #666; }
.pictures { display: flex; flex-wrap: wrap; gap: 0.5rem; } .pictures img, dd > a > img { max-width: 12rem; max-height: 12rem; border-radius: 4px; }
@media (prefers-color-scheme: dark) { body { color: #eee; background: #111; } .file, .none { color: #aaa; } ol.items > li { border-color: #444; } }
`;

/** The page: a contents list, then one section per file, in the order of the profile's list. */
export function renderIndexHtml(content: ArchiveContent, files: readonly DataExportFile[]): string {
  const sections = DATA_EXPORT_FILES.filter((f) => files.includes(f.file));
  const anchor = (file: string) => file.replace(/\.json$/, '');
  const toc = sections.map((s) => `<li><a href="#${anchor(s.file)}">${escapeHtml(s.title)}</a></li>`).join('');
  const body = sections
    .map(
      (s) =>
        `<section id="${anchor(s.file)}" aria-labelledby="${anchor(s.file)}-title"><h2 id="${anchor(s.file)}-title">${escapeHtml(s.title)}</h2>` +
        `<p>${escapeHtml(s.holds)}</p><p class="file">For programs: <a href="${s.file}">${s.file}</a></p>${renderValue(content.files[s.file])}</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' file:; style-src 'unsafe-inline'">
<title>${escapeHtml(DATA_EXPORT_TEXTS.pageTitle)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${escapeHtml(DATA_EXPORT_TEXTS.pageTitle)}</h1>
<p>${escapeHtml(DATA_EXPORT_TEXTS.pageIntro)}</p>
<p>${escapeHtml(DATA_EXPORT_TEXTS.exportedAt)} ${renderText(content.exportedAt)}</p>
</header>
<nav aria-label="Contents"><ul>${toc}</ul></nav>
<main>
${body}
</main>
</body>
</html>
`;
}
