import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EXPORT_FORMATS, exportLanguage, listQuery } from '../../../../src/shared/schemas/list-query';

const queries = listQuery(
  { q: z.string().optional(), from: z.iso.date().optional(), to: z.iso.date().optional() },
  { pageSize: 25, periods: [['from', 'to']] },
);

describe('listQuery', () => {
  it("gives the list its paging: page 1 and the list's page size unless asked, bounded both ways", () => {
    expect(queries.list.parse({})).toEqual({ page: 1, pageSize: 25 });
    expect(queries.list.parse({ page: '3', pageSize: '100', q: 'a' })).toEqual({ page: 3, pageSize: 100, q: 'a' });
    for (const bad of [{ page: '0' }, { page: '100001' }, { pageSize: '101' }, { pageSize: '0' }, { page: '1.5' }]) {
      expect(queries.list.safeParse(bad).success).toBe(false);
    }
    expect(listQuery({}).list.parse({})).toEqual({ page: 1, pageSize: 20 });
  });

  it('gives the export the one parameter `format`, csv unless asked, and no paging', () => {
    expect(queries.export.parse({ page: '4' })).toEqual({ format: 'csv' });
    expect(queries.export.parse({ format: 'excel-tr', q: 'x' })).toEqual({ format: 'excel-tr', q: 'x' });
    expect(queries.export.safeParse({ format: 'xlsx' }).success).toBe(false);
    // The old `lang` parameter is not how an export is asked for any more.
    expect(queries.export.parse({ lang: 'tr' })).toEqual({ format: 'csv' });
  });

  it('refuses a period whose last day comes before its first, in the list, the export and the filter', () => {
    for (const schema of [queries.list, queries.export, queries.filter]) {
      const result = schema.safeParse({ from: '2026-02-01', to: '2026-01-31' });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ['to'], message: 'validation.dateRangeOrder' });
      expect(schema.safeParse({ from: '2026-01-31', to: '2026-01-31' }).success).toBe(true);
    }
  });

  it('writes excel-tr in Turkish and csv in English', () => {
    expect(EXPORT_FORMATS).toEqual(['csv', 'excel-tr']);
    expect(exportLanguage('excel-tr')).toBe('tr');
    expect(exportLanguage('csv')).toBe('en');
  });
});
