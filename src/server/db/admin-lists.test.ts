import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../tests/support/api-test';
import type { TestApp } from '../../../tests/support/test-app';
import { ADMIN_LIST_EXPORTS, ADMIN_LISTS, UNPAGED_ADMIN_LISTS } from '../../shared/routes/admin-lists';

interface Schema {
  $ref?: string;
  required?: string[];
  allOf?: Schema[];
}
interface Operation {
  parameters?: { name: string; in: string }[];
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface ApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const test = apiTest;
let t: TestApp;
let doc: ApiDocument;
test.beforeAll(async ({ app }) => {
  t = app;
  doc = (await t.client().get('/api/openapi.json')).body as ApiDocument;
});

/** The fields a schema requires, through its reference and its `allOf` parts (a page extended with more). */
function required(schema: Schema): string[] {
  const own = schema.$ref ? doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;
  return [...(own.required ?? []), ...(own.allOf ?? []).flatMap(required)];
}

// The web reaches each list by ADMIN_LISTS (decision 0080): a path the server does not serve would be a list
// that never loads, and an answer without the envelope a pager that cannot count.
describe('the admin lists the web calls', () => {
  it.each(Object.entries(ADMIN_LISTS))('%s answers GET %s', (list, path) => {
    const get = doc.paths[path]?.get;
    expect(get, `GET ${path}`).toBeDefined();
    if ((UNPAGED_ADMIN_LISTS as readonly string[]).includes(list)) return;
    const answer = required(get?.responses['200']?.content?.['application/json']?.schema ?? {});
    expect(answer).toEqual(expect.arrayContaining(['items', 'total', 'totalKind', 'page', 'pageSize']));
    expect(get?.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['page', 'pageSize']));
  });

  it.each(ADMIN_LIST_EXPORTS)('%s exports with the one parameter `format`, never `lang`', (list) => {
    const get = doc.paths[`${ADMIN_LISTS[list]}/export.csv`]?.get;
    const names = get?.parameters?.filter((p) => p.in === 'query').map((p) => p.name) ?? [];
    expect(names).toContain('format');
    expect(names).not.toContain('lang');
    expect(names).not.toContain('page');
    expect(Object.keys(get?.responses['200']?.content ?? {})).toEqual(['text/csv']);
  });

  it('lists every export the server has', () => {
    const exports = Object.keys(doc.paths).filter((p) => p.startsWith('/api/admin/') && p.endsWith('/export.csv'));
    expect(exports.sort()).toEqual(ADMIN_LIST_EXPORTS.map((list) => `${ADMIN_LISTS[list]}/export.csv`).sort());
  });
});
