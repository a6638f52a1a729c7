import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract } from 'tar-stream';

/** A refusal of the portal's stays as it is; a read that failed (cut short, a bad header) says so. */
function damaged(error: unknown): Error {
  if (error instanceof UnsafeEntryError) return error;
  return new Error(`the archive is cut short or damaged (${(error as Error).message})`, { cause: error });
}

/** An entry whose name or kind the archive may not have; nothing after it is read. */
export class UnsafeEntryError extends Error {}

/** `a/b` inside `root`, never outside it (nor root itself): a name such as `../x` or `/etc/x` is refused. */
export function safeJoin(root: string, name: string): string {
  const base = path.resolve(root);
  const target = path.resolve(base, name);
  if (!target.startsWith(base + path.sep)) throw new UnsafeEntryError(`unsafe path in the archive: ${name}`);
  return target;
}

/**
 * Extracts a gzipped tar (what `npm run backup` writes through archiver) into `destDir`, streaming:
 * no entry is held whole in memory. The tar format (ustar names with a prefix, pax records, padding) is
 * tar-stream's; what may come out of the archive is the portal's: a regular file whose name `accept`
 * knows, inside `destDir`, opened so that it never replaces a file (`wx`). Folders, links and devices
 * are refused, and nothing after a refused entry is read. Returns the names extracted.
 */
export async function extractTarGz(
  file: string,
  destDir: string,
  accept: (name: string) => boolean,
): Promise<string[]> {
  const root = path.resolve(destDir);
  mkdirSync(root, { recursive: true });
  const names: string[] = [];
  const entries = extract();
  const reading = pipeline(createReadStream(file), createGunzip(), entries);
  try {
    for await (const entry of entries) {
      const { name, type } = entry.header;
      if (type !== 'file' && type !== 'contiguous-file') {
        throw new UnsafeEntryError(`unexpected entry type ${JSON.stringify(type)} in the archive: ${name}`);
      }
      if (!accept(name)) throw new UnsafeEntryError(`unexpected entry in the archive: ${name}`);
      const target = safeJoin(root, name);
      mkdirSync(path.dirname(target), { recursive: true });
      await pipeline(entry, createWriteStream(target, { flags: 'wx' }));
      names.push(name);
    }
  } catch (error) {
    entries.destroy();
    await reading.catch(() => {});
    throw damaged(error);
  }
  await reading.catch((error: unknown) => {
    throw damaged(error);
  });
  return names;
}
