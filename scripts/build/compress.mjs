// Precompressed siblings (`x.js.br`, `x.js.gz`) of the web app's text files, so that the server sends
// compressed bytes without compressing on each request (platform/http/static-files.ts picks one).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.map', '.webmanifest']);
// Below this, the saving is smaller than a TCP packet and not worth a second file.
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // .vite/manifest.json is for the server, never sent to a browser.
    if (entry.name.startsWith('.')) continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(p);
    else yield p;
  }
}

/** Writes `.br` (quality 11) and `.gz` (level 9) beside every text file of `dir`; returns what it did. */
export function compressDir(dir) {
  const done = [];
  for (const file of files(dir)) {
    if (!TEXT.has(path.extname(file)) || statSync(file).size < MIN_BYTES) continue;
    const bytes = readFileSync(file);
    const br = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gz = gzipSync(bytes, { level: 9 });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gz);
    done.push({ file, bytes: bytes.length, br: br.length, gz: gz.length });
  }
  return done;
}
