import { closeSync, createReadStream, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import { createGunzip } from 'node:zlib';

const BLOCK = 512;

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function octal(header: Buffer, start: number, length: number): number {
  const text = field(header, start, length).trim();
  return text ? Number.parseInt(text, 8) : 0;
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
 * no entry is held whole in memory. Understands ustar names with a prefix and pax `path` records,
 * which is all archiver writes; folders, links and devices are refused, and so is every file whose
 * name `accept` does not know. Returns the names extracted.
 */
export async function extractTarGz(
  file: string,
  destDir: string,
  accept: (name: string) => boolean,
): Promise<string[]> {
  const root = path.resolve(destDir);
  mkdirSync(root, { recursive: true });
  const names: string[] = [];
  let pending: Buffer = Buffer.alloc(0);
  // What the next bytes are: a header, an entry's data (to a file or to a pax buffer), or padding.
  let remaining = 0;
  let padding = 0;
  let fd: number | null = null;
  let pax: Buffer[] | null = null;
  let paxPath: string | null = null;
  let ended = false;

  const take = (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      if (ended) return;
      if (remaining > 0) {
        if (pending.length === 0) return;
        const piece = pending.subarray(0, Math.min(remaining, pending.length));
        if (fd !== null) writeSync(fd, piece);
        else pax?.push(Buffer.from(piece));
        remaining -= piece.length;
        pending = pending.subarray(piece.length);
        if (remaining === 0) finishEntry();
        continue;
      }
      if (padding > 0) {
        if (pending.length === 0) return;
        const skip = Math.min(padding, pending.length);
        padding -= skip;
        pending = pending.subarray(skip);
        continue;
      }
      if (pending.length < BLOCK) return;
      const header = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (header.every((b) => b === 0)) {
        ended = true;
        return;
      }
      startEntry(Buffer.from(header));
    }
  };

  const startEntry = (header: Buffer) => {
    const size = octal(header, 124, 12);
    const type = String.fromCharCode(header[156] || 48);
    const prefix = field(header, 345, 155);
    const name = paxPath ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    padding = (BLOCK - (size % BLOCK)) % BLOCK;
    remaining = size;
    if (type === 'x' || type === 'g') {
      pax = [];
    } else if (type === '0' || type === '7') {
      paxPath = null;
      if (!accept(name)) throw new UnsafeEntryError(`unexpected entry in the archive: ${name}`);
      const target = safeJoin(root, name);
      mkdirSync(path.dirname(target), { recursive: true });
      fd = openSync(target, 'wx');
      names.push(name);
    } else {
      throw new UnsafeEntryError(`unexpected entry type ${JSON.stringify(type)} in the archive: ${name}`);
    }
    if (size === 0) finishEntry();
  };

  const finishEntry = () => {
    if (fd !== null) {
      closeSync(fd);
      fd = null;
    } else if (pax) {
      // Records: "<length> <key>=<value>\n".
      for (const line of Buffer.concat(pax).toString('utf8').split('\n')) {
        const m = /^\d+ path=(.*)$/.exec(line);
        if (m) paxPath = m[1];
      }
      pax = null;
    }
  };

  try {
    for await (const chunk of createReadStream(file).pipe(createGunzip())) take(chunk as Buffer);
  } finally {
    if (fd !== null) closeSync(fd);
  }
  if (remaining > 0) throw new Error('the archive ends in the middle of an entry');
  return names;
}
