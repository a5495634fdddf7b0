import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as lucide from 'lucide-react';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import spriteUrl from 'virtual:icon-sprite';
import * as icons from './index.js';
import { ICON_NAMES } from './names.js';
import { buildIconSprite } from './sprite.js';

/**
 * The app's icons against lucide-react's (decision 066): every icon the app exports is a symbol of the sprite the
 * build writes, holding lucide's shapes, and its <svg> carries lucide's attributes, so it looks as lucide's did.
 */
const exported = Object.entries(icons).filter((entry): entry is [string, icons.IconComponent] => typeof entry[1] === 'function');
const lucideIcons = lucide as unknown as Record<string, ComponentType<Record<string, unknown>>>;

/** The symbols of a sprite file, by id, with the shapes each holds. */
function symbolsOf(source: string): Map<string, string> {
  return new Map([...source.matchAll(/<symbol id="(\w+)" viewBox="0 0 24 24">(.*?)<\/symbol>/g)].map(([, id, shapes]) => [id!, shapes!]));
}

/** An <svg>'s attributes, by name, and what it holds. */
function parseSvg(markup: string): { attributes: Record<string, string>; inner: string } {
  const match = /^<svg ([^>]*)>([\s\S]*)<\/svg>$/.exec(markup);
  if (!match) throw new Error(`not one <svg>: ${markup}`);
  return { attributes: Object.fromEntries([...match[1]!.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!])), inner: match[2]! };
}

describe('the icon sprite', () => {
  it('holds every icon the app exports, with lucide-react’s shapes for it, and nothing else', async () => {
    const sprite = await buildIconSprite();
    const symbols = symbolsOf(sprite.source);
    expect(exported.length).toBeGreaterThan(60);
    for (const [name, Icon] of exported) {
      const href = /<use href="([^"]+)"/.exec(renderToStaticMarkup(<Icon />))?.[1];
      expect(href, name).toBe(`${spriteUrl}#${name}`);
      const { inner: lucideShapes } = parseSvg(renderToStaticMarkup(createElement(lucideIcons[name]!)));
      expect(symbols.get(name), `the sprite's ${name}`).toBe(lucideShapes);
    }
    expect([...symbols.keys()].sort()).toEqual(exported.map(([name]) => name).sort());
    expect([...ICON_NAMES].sort()).toEqual([...symbols.keys()].sort());
  });

  it('is the file the app names: the client build writes it at the address the server render and the browser use', async () => {
    const { fileName, source } = await buildIconSprite();
    expect(spriteUrl).toBe(`/${fileName}`);
    expect(fileName).toMatch(/^assets\/icons-[\w-]{8}\.svg$/);
    expect(source.startsWith('<svg xmlns="http://www.w3.org/2000/svg">')).toBe(true);
    // The same icons make the same file: the name changes with the content only.
    expect((await buildIconSprite()).fileName).toBe(fileName);
    expect((await buildIconSprite(['MapPin'])).fileName).not.toBe(fileName);
  });

  it('refuses a name lucide-react does not have instead of leaving a hole in the sprite', async () => {
    await expect(buildIconSprite(['MapPin', 'NoSuchIcon'])).rejects.toThrow('lucide-react has no icon named NoSuchIcon');
  });
});

describe('an icon', () => {
  const cases: Array<[string, Record<string, unknown>, Record<string, string>]> = [
    ['no props', {}, { class: 'lucide', 'aria-hidden': 'true' }],
    ['hidden, with classes', { 'aria-hidden': 'true', className: 'size-4 shrink-0 text-muted-foreground' }, { class: 'lucide size-4 shrink-0 text-muted-foreground', 'aria-hidden': 'true' }],
    ['a size and a stroke width', { size: 36, strokeWidth: 1.5 }, { class: 'lucide', style: '--icon-size:36px;--icon-stroke:1.5', 'aria-hidden': 'true' }],
    ['a name for assistive technology', { 'aria-label': 'Verified', role: 'img' }, { class: 'lucide', 'aria-label': 'Verified', role: 'img' }],
    ['a fill', { fill: 'currentColor', className: 'fill-amber-400 text-amber-500' }, { class: 'lucide fill-amber-400 text-amber-500', style: '--icon-fill:currentColor', 'aria-hidden': 'true' }],
  ];
  it.each(cases)('with %s carries its class and what differs from lucide, never lucide’s attributes (decision 073)', (_, props, expected) => {
    for (const [name, Icon] of exported) {
      const ours = parseSvg(renderToStaticMarkup(createElement(Icon, props)));
      expect(ours.attributes, name).toEqual(expected);
      // lucide-react hides the same icons from assistive technology.
      const theirs = parseSvg(renderToStaticMarkup(createElement(lucideIcons[name]!, props)));
      expect(ours.attributes['aria-hidden'], name).toBe(theirs.attributes['aria-hidden']);
    }
  });

  it('is drawn by the stylesheet as lucide-react draws its <svg>: 24 px, no fill, stroked in the text colour, 2 wide, round', () => {
    const { attributes } = parseSvg(renderToStaticMarkup(createElement(lucideIcons.MapPin!)));
    const rule = /\.lucide \{([^}]*)\}/.exec(readFileSync(join(import.meta.dirname, '../../styles.css'), 'utf8'))?.[1] ?? '';
    const declared = Object.fromEntries([...rule.matchAll(/([\w-]+):\s*([^;]+);/g)].map(([, property, value]) => [property!, value!.trim()]));
    expect(declared).toEqual({
      width: `var(--icon-size, ${attributes.width}px)`,
      height: `var(--icon-size, ${attributes.height}px)`,
      fill: `var(--icon-fill, ${attributes.fill})`,
      stroke: attributes.stroke,
      'stroke-width': `var(--icon-stroke, ${attributes['stroke-width']})`,
      'stroke-linecap': attributes['stroke-linecap'],
      'stroke-linejoin': attributes['stroke-linejoin'],
    });
  });

  it('named by its children (a <title>) is not hidden from assistive technology, as with lucide', () => {
    const { attributes, inner } = parseSvg(renderToStaticMarkup(<icons.BadgeCheck><title>Verified</title></icons.BadgeCheck>));
    expect(attributes['aria-hidden']).toBeUndefined();
    expect(inner).toBe(`<use href="${spriteUrl}#BadgeCheck"></use><title>Verified</title>`);
  });
});

describe('the web app', () => {
  it('imports its icons from this module, never lucide-react (whose icons would put their shapes inline again)', () => {
    const here = join('src', 'web', 'components', 'icons');
    const importers = readdirSync(join('src', 'web'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => join('src', 'web', file))
      .filter((file) => !file.startsWith(here) && /from 'lucide-react'/.test(readFileSync(file, 'utf8')));
    expect(importers).toEqual([]);
  });
});
