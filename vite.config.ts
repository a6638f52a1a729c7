import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The icons the public pages (sign-in, sign-up, legal, error pages) and their shared controls draw.
 * Every other icon goes into one chunk for the signed-in pages: one file each, they were 30 of the
 * dashboard's 54 requests (decision 0030). An icon missing here only makes a public page load that chunk.
 */
const PUBLIC_ICONS = new Set(
  'arrow-left arrow-right-left check circle-alert circle-check clock external-link eye eye-off file-text info languages link-2-off loader-circle circle-play search-x shield-check sparkles triangle-alert upload x'.split(
    ' ',
  ),
);
const signedInIcon = (id: string) => {
  const icon = /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([a-z0-9-]+)\.m?js$/.exec(id)?.[1];
  return icon !== undefined && !PUBLIC_ICONS.has(icon);
};

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
            { name: 'icons', test: signedInIcon },
            {
              // What every signed-in page needs before it can draw: the query cache, the session and the
              // guards. Their own dependencies stay where they are (the public pages share some).
              name: 'signed-in',
              test: /@tanstack[\\/]|src[\\/]web[\\/](app[\\/]guards\.ts|lib[\\/](session|queryClient|formation)\.ts)/,
              includeDependenciesRecursively: false,
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
