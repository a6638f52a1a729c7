import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FIRST_VIEW_ENTRY, type RenderFirstView } from '../../../shared/routes/first-view';

/**
 * The server entry of the web build (dist/ssr/entry-server.js, decision 0095), imported once per build
 * into this process, or null when the build has none (a build without it, a test's small web app). A
 * rebuild under a running server (development) is imported again when the file changes.
 */
export function firstViewLoader(webDistDir: string): () => Promise<RenderFirstView | null> {
  const file = path.resolve(webDistDir, FIRST_VIEW_ENTRY);
  let loaded: { mtimeMs: number; render: Promise<RenderFirstView | null> } | null = null;
  return () => {
    if (!existsSync(file)) return Promise.resolve(null);
    const { mtimeMs } = statSync(file);
    if (loaded?.mtimeMs !== mtimeMs) {
      const url = `${pathToFileURL(file).href}?build=${mtimeMs}`;
      const render = import(url).then(
        (module: { renderFirstView?: RenderFirstView }) => module.renderFirstView ?? null,
        () => null,
      );
      loaded = { mtimeMs, render };
    }
    return loaded.render;
  };
}
