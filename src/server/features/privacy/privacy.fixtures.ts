import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import type { TestApp, TestClient } from '../../../../tests/support/test-app';

/** The raw bytes of a GET through the app with `client`'s cookies (the test client reads bodies as text). */
export async function download(t: TestApp, client: TestClient, url: string) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await t.app.request(url, { headers: { cookie } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Every entry of a ZIP, name → bytes, read back with yauzl. */
export function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Every row of every table of the public schema, all columns cast to text, one string per table. */
export async function dumpAllTables(t: Pick<TestApp, 'deps'>): Promise<Map<string, string>> {
  const { db } = t.deps.database;
  const tables = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const dump = new Map<string, string>();
  for (const { table_name } of tables.rows) {
    const rows = await db.execute<{ line: string }>(sql`select t::text as line from ${sql.identifier(table_name)} t`);
    dump.set(table_name, rows.rows.map((r) => r.line).join('\n'));
  }
  return dump;
}

/** Every file of the disk store (DATA_DIR/files): relative key → bytes. */
export async function listFileStore(dataDir: string): Promise<Map<string, Buffer>> {
  const root = path.join(dataDir, 'files');
  const files = new Map<string, Buffer>();
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else files.set(path.relative(root, full).split(path.sep).join('/'), await readFile(full));
    }
  };
  await walk(root);
  return files;
}
