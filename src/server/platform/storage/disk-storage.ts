import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, contentTypeOfKey } from './guard';
import { isStorageKey } from './keys';
import { type FileStorage, StorageKeyTakenError } from './storage';

function isCode(err: unknown, ...codes: string[]): boolean {
  return codes.includes((err as NodeJS.ErrnoException)?.code ?? '');
}

/**
 * Files under `rootDir`, one sub-folder per storage folder. A put writes a temporary file next to the
 * target and hard-links it into place: the link fails when the name exists, so two uploads racing for
 * one key cannot overwrite each other and a reader never sees a half-written file. The content type
 * is not kept: the key's extension already names it.
 */
export function createDiskStorage(rootDir: string): FileStorage {
  const root = path.resolve(rootDir);
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };

  return {
    kind: 'disk',

    async put(key, data) {
      const target = pathOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temp = path.join(path.dirname(target), `.upload-${randomUUID()}.tmp`);
      await fs.writeFile(temp, data, { flag: 'wx' });
      try {
        await fs.link(temp, target);
      } catch (err) {
        if (isCode(err, 'EEXIST')) throw new StorageKeyTakenError(key);
        // Some mounted volumes refuse hard links; an exclusive copy still never overwrites.
        if (!isCode(err, 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS')) throw err;
        try {
          await fs.copyFile(temp, target, constants.COPYFILE_EXCL);
        } catch (copyErr) {
          if (isCode(copyErr, 'EEXIST')) throw new StorageKeyTakenError(key);
          throw copyErr;
        }
      } finally {
        await fs.rm(temp, { force: true });
      }
    },

    async get(key) {
      const file = pathOf(key);
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(file, 'r');
      } catch (err) {
        if (isCode(err, 'ENOENT')) return null;
        throw err;
      }
      // Size from the open handle, so a delete between the two calls cannot mismatch them.
      try {
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), size, contentType: contentTypeOfKey(key) };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },

    async exists(key) {
      try {
        await fs.stat(pathOf(key));
        return true;
      } catch (err) {
        if (isCode(err, 'ENOENT')) return false;
        throw err;
      }
    },

    async delete(key) {
      await fs.rm(pathOf(key), { force: true });
    },

    async *list() {
      // folder/name only: the layout keys.ts makes; a put's temporary file (.upload-*.tmp) is no key.
      let folders: import('node:fs').Dirent[];
      try {
        folders = await fs.readdir(root, { withFileTypes: true });
      } catch (err) {
        if (isCode(err, 'ENOENT')) return;
        throw err;
      }
      for (const folder of folders.filter((d) => d.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
        const names = await fs.readdir(path.join(root, folder.name), { withFileTypes: true });
        for (const file of names.filter((d) => d.isFile()).sort((a, b) => a.name.localeCompare(b.name))) {
          const key = `${folder.name}/${file.name}`;
          if (isStorageKey(key)) yield key;
        }
      }
    },
  };
}
