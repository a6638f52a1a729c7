import { Readable } from 'node:stream';
import type { Archiver } from 'archiver';

/*
 * ZIP downloads built entry by entry (the data copy, the bank pack): what the features share of archiver.
 */

/** A name safe inside the ZIP: no folders, no control characters. */
export function entryName(name: string): string {
  return name.replace(/[\\/\p{Cc}]/gu, '_').slice(0, 150) || 'file';
}

/** Adds one entry and waits until archiver wrote it, so entries go in one at a time. */
export function appendEntry(archive: Archiver, source: Readable | string, name: string): Promise<void> {
  // A download the client gave up destroys the archive: stop there and close the file's stream.
  if (archive.destroyed) {
    if (typeof source !== 'string') source.destroy();
    return Promise.reject(new Error('download closed'));
  }
  return new Promise<void>((resolve, reject) => {
    const done = () => {
      archive.off('entry', onEntry);
      archive.off('error', onError);
      archive.off('close', onClose);
    };
    const onEntry = () => {
      done();
      resolve();
    };
    const onError = (err: Error) => {
      done();
      reject(err);
    };
    const onClose = () => {
      done();
      if (typeof source !== 'string') source.destroy();
      reject(new Error('download closed'));
    };
    archive.once('entry', onEntry);
    archive.once('error', onError);
    archive.once('close', onClose);
    archive.append(source, { name });
  });
}

/** A Node stream as the web stream a Hono response takes. */
export function toWebStream(stream: Readable): ReadableStream<Uint8Array> {
  return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
}
