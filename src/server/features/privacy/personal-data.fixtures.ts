/**
 * The personal-data registry's claims (decision 0077) checked against a real data copy and a real
 * erasure: the ZIP has the file each exported entry names, and after an approved erasure no row of
 * the customer is left where an entry says "delete", and no personal value where it says "anonymise".
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../../tests/support/test-app';
import { PERSONAL_DATA } from '../../feature-registry';

const ENTRIES = PERSONAL_DATA;

export function expectExportClaims(zip: Map<string, Buffer>): void {
  for (const entry of ENTRIES) {
    if (!('file' in entry.export)) continue;
    const file = entry.export.file;
    const present = file.endsWith('/') ? [...zip.keys()].some((name) => name.startsWith(file)) : zip.has(file);
    expect(present, `${entry.what}: the copy has no ${file}`).toBe(true);
  }
}

async function rowsOf(t: TestApp, table: string, column: string, userId: string): Promise<Record<string, unknown>[]> {
  const result = (await t.deps.database.db.execute(
    sql`select * from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`,
  )) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

/** `erasingAt`: just before the approval; rows written by the erasure itself (its own audit row) come after. */
export async function expectErasureClaims(t: TestApp, userId: string, erasingAt: Date): Promise<void> {
  for (const entry of ENTRIES) {
    if (!('table' in entry.store) || !entry.store.userColumn) continue;
    const { table, userColumn } = entry.store;
    const rows = await rowsOf(t, table, userColumn, userId);
    if (entry.erasure.does === 'delete') {
      expect(rows.length, `${table}: "${entry.what}" claims delete`).toBe(0);
    } else if (entry.erasure.does === 'anonymise') {
      for (const row of rows) {
        if (row.created_at && new Date(String(row.created_at)) >= erasingAt) continue;
        for (const column of entry.erasure.columns) {
          const value = row[column];
          const gone = value === null || value === '' || (typeof value === 'string' && value.startsWith('erased-'));
          expect(gone, `${table}.${column} claims anonymise, holds ${JSON.stringify(value)}`).toBe(true);
        }
      }
    }
  }
}
