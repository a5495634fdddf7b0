import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { iconSprite } from './src/web/components/icons/sprite.js';

/** zod and the shared helpers that only build a schema (src/shared/input.ts). */
const ZOD_BUILDERS = ['z', 'text', 'serialId', 'textId'];

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  // The icons' sprite, written beside the chunks by the client build and named alike by every build (decision 066).
  plugins: [react(), tailwindcss(), iconSprite()],
  build: isSsrBuild
    ? {
        // The server entry (decision 042): one file the server imports, with React and every other package inside it,
        // so the production install (dependencies only) runs it.
        outDir: '../../dist/ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: true,
        target: 'node20',
      }
    : {
        outDir: '../../dist/public',
        emptyOutDir: true,
        manifest: true,
        sourcemap: true,
        rolldownOptions: {
          // The shared rules define their zod schemas beside the texts and limits a page shows (decision 019). Building a
          // schema has no effect but the schema, so one a page does not use is left out, and zod with it: only the
          // forms, loaded when opened, bring it (decision 068). `config(…)` in input.ts is not `z.`, so it stays.
          treeshake: { manualPureFunctions: [...ZOD_BUILDERS] },
          // Everything the entry loads before any page is one file (decision 073): left to itself the bundler cut it
          // into some ten, the modules a page's chunk shares with the entry (React's JSX runtime, TanStack Query, the
          // API client) each a file of their own, every one a request a phone waits a round trip for. Likewise the
          // pages' small common chunks are copied into the chunks that use them (decision 074): a listing's page came in
          // 23 files, whose requests shared the phone's bandwidth with its photo; it now comes in 7. The entry exports
          // nothing anyone imports, which the copying needs to be told.
          preserveEntrySignatures: false,
          output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }], experimentalInlineCommonChunks: { maxSize: 12_000 } } },
        },
      },
  ssr: { noExternal: true },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:5000' },
  },
}));
