/**
 * The personal-data registry (decision 0077), as the features' manifests declare it (decision 0079),
 * against the schema and the notice: a table that references a user (a foreign key to users.id, or a
 * user_id column) and that no feature declares fails, as does a declared column the table does not
 * have, and a declared kind that the rendered privacy notice does not name in either language.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { EXPORT_FILES, type PersonalDataEntry } from '../../../shared/domain/personal-data';
import { LANGUAGES } from '../../../shared/i18n/languages';
import { DATA_WE_KEEP, NOTICE_KINDS } from '../../../shared/legal/data-we-keep';
import { parseLegalText } from '../../../shared/legal/markdown';
import { privacyNoticeSource } from '../../../shared/legal/privacy-notice';
import * as schema from '../../db/schema';
import { PERSONAL_DATA } from '../../feature-registry';

const ENTRIES: readonly PersonalDataEntry[] = PERSONAL_DATA;
// A feature's own tables, found as drizzle-kit finds them (drizzle.config.ts, decision 0101).
const FEATURE_SCHEMAS = import.meta.glob<Record<string, unknown>>('../*/*.schema.ts', { eager: true });
const tables = [schema, ...Object.values(FEATURE_SCHEMAS)]
  .flatMap((module) => Object.values(module) as unknown[])
  .filter((v): v is PgTable => is(v, PgTable))
  .map((table) => getTableConfig(table));
const byName = new Map(tables.map((c) => [c.name, c]));
const declared = new Set(ENTRIES.flatMap((e) => ('table' in e.store ? [e.store.table] : [])));

describe('the personal-data registry (decision 0077)', () => {
  it('reads every schema file, so that no table escapes the checks below', () => {
    // A schema file left out of db/schema/index.ts would be missing here and from drizzle-kit's diff (a
    // feature's own <f>.schema.ts is found by its name, here and by drizzle-kit).
    const dir = path.resolve('src/server/db/schema');
    const index = readFileSync(path.join(dir, 'index.ts'), 'utf8');
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'index.ts');
    expect(files.filter((f) => !index.includes(`export * from './${f.replace(/\.ts$/, '')}';`))).toEqual([]);
  });

  it('declares every table with a column that references users.id or is named user_id', () => {
    const referencing = tables
      .filter(
        (c) =>
          c.columns.some((col) => col.name === 'user_id') ||
          c.foreignKeys.some((fk) => {
            const ref = fk.reference();
            return (
              getTableConfig(ref.foreignTable).name === 'users' && ref.foreignColumns.some((col) => col.name === 'id')
            );
          }),
      )
      .map((c) => c.name);
    expect(referencing.length).toBeGreaterThan(20);
    const undeclared = referencing.filter((name) => !declared.has(name));
    expect(undeclared, 'tables holding a user reference that no feature declares in its manifest').toEqual([]);
    expect(declared.has('users')).toBe(true);
  });

  it('shows in the notice exactly the kinds the features declare', () => {
    // The web renders NOTICE_KINDS without reading the server's manifests (privacy-notice.ts).
    expect([...new Set(ENTRIES.map((e) => e.notice))].sort()).toEqual([...NOTICE_KINDS].sort());
  });

  it('names only tables and columns that exist', () => {
    for (const entry of ENTRIES) {
      if (!('table' in entry.store)) continue;
      const { table, columns, userColumn } = entry.store;
      const config = byName.get(table);
      expect(config, `table ${table}`).toBeDefined();
      const names = new Set(config?.columns.map((c) => c.name));
      for (const column of [...(columns === 'all' ? [] : columns), ...(userColumn ? [userColumn] : [])]) {
        expect(names.has(column), `${table}.${column}`).toBe(true);
      }
      if (entry.erasure.does === 'anonymise') {
        for (const column of entry.erasure.columns) expect(names.has(column), `${table}.${column}`).toBe(true);
      }
    }
  });

  it('gives every file of the data copy an owner, and every exclusion and kept row a reason', () => {
    const claimed = new Set(ENTRIES.flatMap((e) => ('file' in e.export ? [e.export.file] : [])));
    expect([...EXPORT_FILES].filter((f) => !claimed.has(f))).toEqual([]);
    for (const e of ENTRIES) {
      if ('excluded' in e.export) expect(e.export.excluded.length, e.what).toBeGreaterThan(5);
      if (e.erasure.does !== 'delete') expect(e.erasure.reason.length, e.what).toBeGreaterThan(5);
      expect(e.retention.period.length, e.what).toBeGreaterThan(5);
    }
  });

  it('covers the filing’s T.C. kimlik numarası: encrypted, purged by the sweep, named in the notice', () => {
    const entry = ENTRIES.find(
      (e) => 'table' in e.store && e.store.table === 'filings' && e.store.columns.includes('foreign_tax_id_encrypted'),
    );
    expect(entry).toBeDefined();
    expect(entry?.retention.sweep).toMatch(/^retention:/);
    expect(entry?.notice).toBe('taxNumbers');
    expect(DATA_WE_KEEP.taxNumbers.tr).toContain('T.C. kimlik numara');
    expect(DATA_WE_KEEP.taxNumbers.en).toContain('T.C. kimlik numarası');
    expect(DATA_WE_KEEP.taxNumbers.en).toContain('ITIN');
    // Home address, citizenship, tax residence and the money flows sent to the IRS.
    expect(DATA_WE_KEEP.filing.en).toMatch(/home address.*citizenship.*tax residence.*money/s);
    expect(DATA_WE_KEEP.devices.en).toContain('IP address');
  });
});

describe('the privacy notice’s "The data we keep" (decision 0077)', () => {
  for (const lang of LANGUAGES) {
    it(`names every kind the registry declares, in ${lang}`, () => {
      const source = readFileSync(path.resolve(`src/shared/legal/privacy-notice.${lang}.md`), 'utf8');
      expect(source).toContain('{{dataWeKeep}}');
      const paragraphs = new Set(parseLegalText(privacyNoticeSource(source, lang)).blocks.map((b) => b.text));
      const missing = ENTRIES.filter((e) => !paragraphs.has(DATA_WE_KEEP[e.notice][lang])).map((e) => e.what);
      expect(missing).toEqual([]);
    });
  }
});
