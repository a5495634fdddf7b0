// engines: one
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';

/**
 * A server-rendered page draws its icons from the one sprite file (decision 066): each icon is an `<svg>` holding a
 * `<use>` of a symbol in it, and the markup carries no icon's shapes of its own. The renderer is the web app's server
 * entry from its sources, which names the sprite as the builds do.
 */
let t: TestApp;
let listingId: number;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '100' }, { pages: true });
  const owner = await signUp(t.app, { acceptTerms: true });
  ({ id: listingId } = await createListing(t, owner.cookie, { title: 'Piano lessons for beginners' }));
});
afterAll(() => t.close());

/** The page's own markup, the part React rendered (the head and the inline scripts around it left out). */
async function renderedMarkup(url: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const root = /<div id="root">([\s\S]*)<\/div><script type="application\/json" id="page-state">/.exec(res.body)?.[1];
  expect(root, 'the page has its rendered root').toBeDefined();
  return root!;
}

const SPRITE_ICON = /^<svg ([^>]*)><use href="(\/assets\/icons-[\w-]{8}\.svg)#(\w+)"><\/use><\/svg>$/;

describe('icons on the server-rendered pages', () => {
  it.each([
    ['a listing page', () => `/services/${listingId}`, ['Tag', 'MapPin', 'CalendarDays', 'FolderOpen', 'Heart', 'MessageCircle', 'Share2']],
    ['the browse page', () => '/services', ['Search', 'Tag', 'MapPin', 'CalendarDays', 'Heart']],
    ['the home page', () => '/', ['Search', 'UserPlus', 'Handshake']],
  ])('%s names a symbol of one sprite file per icon and carries no shapes', async (_, url, expected) => {
    const markup = await renderedMarkup(url());
    const svgs = markup.match(/<svg\b[\s\S]*?<\/svg>/g) ?? [];
    expect(svgs.length).toBeGreaterThan(0);
    const icons = svgs.map((svg) => {
      const match = SPRITE_ICON.exec(svg);
      expect(match, `an icon drawn inline: ${svg.slice(0, 160)}`).not.toBeNull();
      const [, attributes, file, symbol] = match!;
      // The `.lucide` class draws the symbol as lucide drew its icons inline (24 px, stroked in the text's colour, 2
      // wide, round), from the stylesheet: no icon repeats those attributes (decision 073).
      expect(attributes).toMatch(/^class="lucide[ "]/);
      expect(attributes).not.toMatch(/\b(viewBox|fill|stroke|stroke-width|width|height)=/);
      return { file, symbol };
    });
    expect(new Set(icons.map((icon) => icon.file)).size, 'every icon from the same file').toBe(1);
    for (const name of expected) expect(icons.map((icon) => icon.symbol)).toContain(name);
    // No icon's shapes anywhere in the page's markup: they are the sprite's alone.
    expect(markup).not.toMatch(/<(path|circle|rect|line|polyline|polygon|ellipse)\b/);
  });
});
