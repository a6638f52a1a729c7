import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { listQuery } from '../../../shared/schemas/list-query';
import type { AppDeps } from '../../deps';
import type { SessionUser } from '../http/context';
import { createRouter } from '../http/openapi';
import { csvExportRoute, exportFileName } from './export-route';

/** An export of two rows whose cells hold both separators and a formula, under a staff member's session. */
function exportApp(role: SessionUser['role'] = 'owner') {
  const app = createRouter();
  app.use('*', async (c, next) => {
    c.set('user', { id: 'u1', role } as SessionUser);
    c.set('twoFactorAt', new Date());
    c.set('lang', 'en');
    c.set('deps', { env: { TEST_CLOCK_OFFSET_DAYS: 0 } } as AppDeps);
    await next();
  });
  csvExportRoute(app, {
    permission: 'orders.export',
    summary: 'Test rows',
    query: listQuery({ q: z.string().optional() }).export,
    name: 'things',
    pages: async function* (_c, query) {
      yield [{ name: 'Ayşe; =1+1', q: query.q ?? '' }];
      yield [{ name: 'Bob, Inc', q: '' }];
    },
    columns: (format) => ({
      header: format === 'excel-tr' ? ['Ad', 'Arama'] : ['Name', 'Search'],
      line: (row) => [row.name, row.q],
    }),
  });
  return app;
}

const today = new Date().toISOString().slice(0, 10);

describe('csvExportRoute', () => {
  it('writes format=csv (the default) with commas, no BOM, English headers, as a dated attachment', async () => {
    const res = await exportApp().request('/export.csv?q=x');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="things-${today}.csv"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes[0]).not.toBe(0xef);
    expect(new TextDecoder().decode(bytes)).toBe(`Name,Search\r\n"Ayşe; '=1+1",x\r\n"Bob, Inc",\r\n`);
  });

  it("writes format=excel-tr with the BOM and semicolons, through the one writer's guards", async () => {
    const res = await exportApp().request('/export.csv?format=excel-tr');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="things-${today}-tr.csv"`);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text).toBe(`\uFEFFAd;Arama\r\n"Ayşe; '=1+1";\r\n"Bob, Inc";\r\n`);
  });

  it('refuses any other format, and the old lang parameter changes nothing', async () => {
    const bad = await exportApp().request('/export.csv?format=xlsx');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty('format');
    const old = await exportApp().request('/export.csv?lang=tr');
    expect(old.headers.get('content-disposition')).toBe(`attachment; filename="things-${today}.csv"`);
  });

  it("checks the operation's permission", async () => {
    const res = await exportApp('customer').request('/export.csv');
    expect(res.status).toBe(403);
  });

  it('names the file by the day and format', () => {
    expect(exportFileName('orders', 'csv', '2026-11-28')).toBe('orders-2026-11-28.csv');
    expect(exportFileName('orders', 'excel-tr', '2026-11-28')).toBe('orders-2026-11-28-tr.csv');
  });
});
