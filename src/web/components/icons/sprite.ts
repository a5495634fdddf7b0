// Build time only, in Node: vite.config.ts and vitest.config.ts run this; the app never imports it (decision 066).
// The app's icons as one SVG file of <symbol>s, each drawn by lucide-react itself, so a symbol holds exactly the
// shapes lucide would have put inline: no path is copied by hand, and a lucide update redraws the sprite.
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { ICON_NAMES } from './names.js';

/** What index.tsx imports: the sprite's address, the same in the server render, the browser and the dev server. */
export const SPRITE_MODULE = 'virtual:icon-sprite';
const RESOLVED_SPRITE_MODULE = `\0${SPRITE_MODULE}`;

export interface IconSprite {
  /** Under the client build's folder, named by its content like Vite's own assets: served immutable. */
  fileName: string;
  source: string;
}

/** lucide's whole rendering of an icon: its 24-unit canvas around the shapes, which become the symbol. */
const LUCIDE_SVG = /^<svg [^>]*viewBox="0 0 24 24"[^>]*>(<[\s\S]*>)<\/svg>$/;

/** The symbols of `names`, lucide-react's icon components, in that order; an unknown name is an error, not a gap. */
export async function buildIconSprite(names: readonly string[] = ICON_NAMES): Promise<IconSprite> {
  const lucide: Record<string, unknown> = await import('lucide-react');
  const symbols = names.map((name) => {
    const icon = lucide[name];
    if (typeof icon !== 'object' || icon === null) throw new Error(`lucide-react has no icon named ${name}`);
    const markup = renderToStaticMarkup(createElement(icon as ComponentType));
    const shapes = LUCIDE_SVG.exec(markup)?.[1];
    if (shapes === undefined) throw new Error(`lucide-react's ${name} is not a 24 × 24 icon: ${markup.slice(0, 120)}`);
    return `<symbol id="${name}" viewBox="0 0 24 24">${shapes}</symbol>`;
  });
  const source = `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`;
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
  return { fileName: `assets/icons-${hash}.svg`, source };
}

function sendSprite(res: ServerResponse, source: string): void {
  res.setHeader('Content-Type', 'image/svg+xml');
  res.setHeader('Cache-Control', 'no-cache');
  res.end(source);
}

/**
 * The sprite in every Vite run: the client build writes it beside the chunks (compressed with them by
 * scripts/compress-assets.mjs); the server entry's build, the dev server and Vitest only name it, by the same content
 * hash, so the server render and the browser agree; the dev server serves it at that address.
 */
export function iconSprite(): Plugin {
  let sprite: Promise<IconSprite> | undefined;
  const built = () => (sprite ??= buildIconSprite());
  let base = '/';
  let writesFile = false;
  return {
    name: 'icon-sprite',
    configResolved(config) {
      base = config.base;
      writesFile = config.command === 'build' && !config.build.ssr;
    },
    resolveId(id) {
      return id === SPRITE_MODULE ? RESOLVED_SPRITE_MODULE : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_SPRITE_MODULE) return undefined;
      const { fileName } = await built();
      return `export default ${JSON.stringify(base + fileName)};\n`;
    },
    async generateBundle() {
      if (!writesFile) return;
      const { fileName, source } = await built();
      this.emitFile({ type: 'asset', fileName, source });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        built().then(
          ({ fileName, source }) => (req.url?.split('?')[0] === base + fileName ? sendSprite(res, source) : next()),
          (error: unknown) => next(error),
        );
      });
    },
  };
}
