import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { iconSprite } from './src/web/components/icons/sprite.js';

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
      },
  ssr: { noExternal: true },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:5000' },
  },
}));
