import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { corePartOf, coreTextsPart, textsChunkOfModule } from './src/shared/routes/text-chunks';

/**
 * The icons the public pages (sign-in, sign-up, legal, error pages) and their shared controls draw, as
 * the code imports them. Every other icon goes into one chunk for the signed-in pages: one file each,
 * they were 30 of the dashboard's 54 requests (decision 0030). An icon missing here only makes a public
 * page load that chunk (the bench shows it). Lucide names some icons by an alias (CircleAlert is
 * circle-exclamation-point), so the files come from its own export list.
 */
const PUBLIC_ICON_NAMES =
  'ArrowLeft ArrowRightLeft Check CircleAlert CircleCheck Clock ExternalLink Eye EyeOff FileText Info Languages Link2Off LoaderCircle PlayCircle SearchX ShieldCheck Sparkles TriangleAlert Upload X';
const lucideExports = readFileSync(
  fileURLToPath(new URL('./node_modules/lucide-react/dist/esm/lucide-react.mjs', import.meta.url)),
  'utf8',
).split('\n');
const PUBLIC_ICONS = new Set(
  PUBLIC_ICON_NAMES.split(' ').map((name) => {
    const line = lucideExports.find((l) => new RegExp(`default as ${name}[,\\s}]`).test(l));
    const file = line && /icons\/([a-z0-9-]+)\.mjs/.exec(line)?.[1];
    if (!file) throw new Error(`vite.config.ts: lucide-react exports no icon ${name}`);
    return file;
  }),
);
const signedInIcon = (id: string) => {
  const icon = /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([a-z0-9-]+)\.m?js$/.exec(id)?.[1];
  return icon !== undefined && !PUBLIC_ICONS.has(icon);
};

const webRoot = fileURLToPath(new URL('./src/web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));
const apiServer = 'http://localhost:3000';

/**
 * React Router's package points every import at its development build, whose only difference from its
 * production build is a constant that keeps its warnings: 0.7 KB gzipped of every page's first load
 * (decision 0061). The build takes the production one; the dev server keeps the warnings.
 */
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * A core section's JSON file imported with `?core=public` or `?core=rest&for=<layout>` (lib/messages)
 * becomes that part of it (shared/routes/text-chunks.ts): the sign-in page's first load carries only
 * what a public page shows, while the catalogue stays one file per section (decision 0061). A module
 * of the one object, as a JSON file without named exports is.
 */
const coreTextParts = (): Plugin => ({
  name: 'core-text-parts',
  enforce: 'pre',
  transform(code, id) {
    const found = corePartOf(id);
    if (!found) return null;
    const part = coreTextsPart(found.section, JSON.parse(code), found.part);
    return { code: `export default ${JSON.stringify(part)};`, map: null, moduleType: 'js' };
  },
});

/**
 * The server entry's build (decision 0095) swaps the browser's singletons for twins that read each
 * render's own copies (src/web/ssr/scope.ts): the translator, the query cache, the boot data and its
 * texts loader, and the guards (pure rules on the session in the page's HTML instead of API calls).
 */
const SERVER_TWINS: Record<string, string> = {
  'lib/i18n.ts': 'ssr/i18n.server.ts',
  'lib/queryClient.ts': 'ssr/queryClient.server.ts',
  'lib/bootData.ts': 'ssr/bootData.server.ts',
  'lib/messages/sections.ts': 'ssr/sections.server.ts',
  'app/guards.ts': 'ssr/guards.server.ts',
};
const serverTwins = (): Plugin => ({
  name: 'server-twins',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!importer || !source.startsWith('.')) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    if (!resolved) return null;
    const twin = SERVER_TWINS[path.relative(webRoot, resolved.id).split(path.sep).join('/')];
    // A twin may import the module it stands for (queryClient.server.ts reuses its factory).
    if (!twin || path.relative(webRoot, importer).startsWith('ssr')) return resolved;
    return path.join(webRoot, twin);
  },
});

/** A web feature's index (decision 0082): only re-exports, so nothing runs when it is imported. */
const FEATURE_INDEX = /[\\/]src[\\/]web[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;

const ssrOutDir = fileURLToPath(new URL('./dist/ssr', import.meta.url));

export default defineConfig(({ command, isSsrBuild }) => ({
  root: webRoot,
  plugins: isSsrBuild ? [serverTwins(), coreTextParts(), react()] : [coreTextParts(), react(), tailwindcss()],
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : [],
  },
  // Each message file is read whole (lib/messages), never by key. Named exports made the build write
  // every top-level key twice in the wrapped modules of experimentalInlineCommonChunks: 1 KB of the
  // sign-in page's texts (decision 0061).
  json: { namedExports: false },
  build: isSsrBuild
    ? {
        // `vite build --ssr entry-server.tsx` (scripts/build.mjs): one file the server imports once; the
        // packages stay in node_modules.
        outDir: ssrOutDir,
        emptyOutDir: true,
        target: 'node20',
        minify: false,
        copyPublicDir: false,
        rolldownOptions: { output: { codeSplitting: false } },
      }
    : {
        outDir,
        emptyOutDir: true,
        // The server's CSP forbids inline scripts and data: sources, so never inline assets.
        assetsInlineLimit: 0,
        // dist/web/.vite/manifest.json: the server preloads a route's chunks from it (platform/http/route-preload.ts).
        manifest: true,
        // Every browser the portal supports has <link rel="modulepreload">; the polyfill only added weight.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          // A feature's index re-exports what other features use of it (decision 0082). Declared free of side
          // effects and read lazily, an index brings an importer only the modules it names: without this a
          // page that read one helper through an index drew the index's other components into its chunks
          // (the dashboard +46 KB, the sign-up page +80 KB). An index must therefore stay re-exports only.
          treeshake: { moduleSideEffects: (id: string) => !FEATURE_INDEX.test(id) },
          experimental: { lazyBarrel: true },
          output: {
            chunkFileNames: 'assets/[hash].js',
            codeSplitting: {
              // Shared modules of a few hundred bytes were each a file: about half of a signed-in page's 50
              // requests, each a round trip on a phone. Below this size they are copied into the chunks that
              // use them instead (decision 0060).
              experimentalInlineCommonChunks: { maxSize: 4096 },
              groups: [
                { name: 'shell', tags: ['$initial'] },
                {
                  name: 'controls',
                  test: /components[\\/]ui[\\/](Field|Input|Checkbox|PasswordInput|Label)\.tsx/,
                },
                { name: 'icons', test: signedInIcon, includeDependenciesRecursively: false },
                // The signed-in pages' texts in two files per language (src/shared/routes/text-chunks.ts).
                { name: textsChunkOfModule, debugName: 'texts', includeDependenciesRecursively: false },
                {
                  // What every signed-in page needs before it can draw: the query cache and the session. The
                  // guards stay a chunk of their own that imports this one: grouped here, with the permission
                  // table they now read, the group lost the guards as its facade, so the manifest had no
                  // 'app/guards.ts' for the server to preload from. Their own dependencies stay where they are.
                  name: 'signed-in',
                  test: /@tanstack[\\/]|src[\\/]web[\\/]lib[\\/](session|queryClient|formation)\.ts/,
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
}));
