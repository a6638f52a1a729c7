import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('./src/web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));
const apiServer = 'http://localhost:3000';

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss()],
  build: {
    outDir,
    emptyOutDir: true,
    // The server's CSP forbids inline scripts and data: sources, so never inline assets.
    assetsInlineLimit: 0,
    // dist/web/.vite/manifest.json: the server preloads a route's chunks from it (platform/http/route-preload.ts).
    manifest: true,
    // Every browser the portal supports has <link rel="modulepreload">; the polyfill only added weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'] },
            {
              name: 'controls',
              test: /components[\\/]ui[\\/](Field|Input|Checkbox|PasswordInput|Label|Textarea|Select)\.tsx/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/dev': apiServer,
      '/healthz': apiServer,
    },
  },
});
