import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SECTION_FILE } from '../../../shared/routes/text-chunks';

interface ManifestChunk {
  file: string;
  /** The chunk's name: a group's (vite.config.ts) for a chunk of several modules. */
  name?: string;
  /** The source module, for a chunk that is one module's (absent for a group's shared chunk). */
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** vite's build manifest (build.manifest in vite.config.ts), or null when the build has none. */
export function readManifest(distDir: string): Manifest | null {
  const file = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** The manifest key of the chunk a build group named `name` made, if the build has one. */
export function chunkKeyNamed(manifest: Manifest, name: string): string | undefined {
  return Object.keys(manifest).find((key) => manifest[key].name === name && !manifest[key].src);
}

const sectionKeys = new WeakMap<Manifest, Map<string, string>>();

/**
 * The manifest's key of a section's JSON module in one language, wherever the section's file sits (the
 * shell's in shared/i18n, a feature's in its folder: SECTION_FILE, decision 0097), if the build has it.
 */
export function sectionModuleKey(manifest: Manifest, lang: string, section: string): string | undefined {
  let keys = sectionKeys.get(manifest);
  if (!keys) {
    keys = new Map();
    for (const key of Object.keys(manifest)) {
      const found = SECTION_FILE.exec(key);
      if (found) keys.set(`${found[1]}/${found[2]}`, key);
    }
    sectionKeys.set(manifest, keys);
  }
  return keys.get(`${lang}/${section}`);
}

/**
 * The files (`assets/…`) the given modules load statically, leaving out what the entry loads: the
 * HTML already names those.
 */
export function chunkFiles(manifest: Manifest, modules: readonly string[]): { js: string[]; css: string[] } {
  const entryFiles = new Set<string>();
  const entryCss = new Set<string>();
  const walk = (key: string, into: Set<string>, css: Set<string>, seen: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    into.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) walk(i, into, css, seen);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) walk(key, entryFiles, entryCss, new Set());
  }
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  for (const m of modules) walk(m, js, css, seen);
  return {
    js: [...js].filter((f) => !entryFiles.has(f)),
    css: [...css].filter((f) => !entryCss.has(f)),
  };
}

/** index.html with `<link>`s for the chunks before `</head>`, as vite writes its own. */
export function injectPreloads(html: string, files: { js: string[]; css: string[] }): string {
  if (!files.js.length && !files.css.length) return html;
  const links = [
    ...files.js.map((f) => `    <link rel="modulepreload" crossorigin href="/${f}">`),
    // vite's loader looks for an existing <link> before adding a chunk's CSS, so this is not loaded twice.
    ...files.css.map((f) => `    <link rel="stylesheet" crossorigin href="/${f}">`),
  ].join('\n');
  return html.replace(/\n([ \t]*)<\/head>/, (_m, indent: string) => `\n${links}\n${indent}</head>`);
}
