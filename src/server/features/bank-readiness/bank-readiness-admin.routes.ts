import { z } from '@hono/zod-openapi';
import { okSchema } from '../../../shared/contracts/common';
import {
  type BankApplicationRow,
  bankApplicationExportQuerySchema,
  bankApplicationListQuerySchema,
  bankApplicationListSchema,
  bankReadinessSchema,
  bankSummarySchema,
  catalogueRulesSchema,
  ruleChangeSchema,
  ruleParams,
} from '../../../shared/features/bank-readiness/bank-readiness.contracts';
import { BANK_CATALOGUE } from '../../../shared/features/bank-readiness/providers.domain';
import { BANK_RULE_MAX_AGE_DAYS } from '../../../shared/features/bank-readiness/rule-keys.domain';
import { formatCalendarDateLong } from '../../../shared/format/dates';
import { translate } from '../../../shared/i18n';
import { type ExportFormat, exportLanguage } from '../../../shared/schemas/list-query';
import { safeText, TEXT_MAX } from '../../../shared/schemas/text';
import { serverToday } from '../../platform/clock';
import { turkishDate } from '../../platform/csv/csv';
import { type CsvColumns, csvExportRoute } from '../../platform/csv/export-route';
import { adminRoute } from '../../platform/http/admin-door';
import { listRoute } from '../../platform/http/list-route';
import { createRouter, errorResponses, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { guarded, notFound } from '../../platform/http/route-kit';
import { currentUser } from '../../platform/http/session';
import { bankApplicationPages, listBankApplications } from './bank-applications-admin.service';
import { readinessOf } from './bank-readiness.service';
import { bankSummary, catalogueRules, changeRule } from './bank-readiness-catalogue.service';

const tags = ['bank-readiness'];

const customerParams = z.object({ userId: safeText(TEXT_MAX.token).min(1) });

// Every staff role reads the customer file (decision 0039), so support sees a founder's bank history there.
const customerReadiness = adminRoute('users.read', {
  method: 'get',
  path: '/customers/{userId}',
  tags,
  summary: "A customer's bank readiness for the customer file: addresses, the check per provider, applications",
  request: { params: customerParams },
  responses: { 200: jsonResponse(bankReadinessSchema, 'The readiness'), 400: errorResponses[400], ...guarded },
});

const listRules = adminRoute('bank.catalogue', {
  method: 'get',
  path: '/rules',
  tags,
  summary: 'The bank catalogue: every rule with its sources, checked day, and whether it is stale or withdrawn',
  responses: { 200: jsonResponse(catalogueRulesSchema, 'The rules'), ...guarded },
});

const putRule = adminRoute('bank.catalogue', {
  method: 'put',
  path: '/rules/{provider}/{key}',
  tags,
  summary: 'Re-check a rule (its checked day) or withdraw it ("unknown, ask the bank"); one audit row per change',
  description: 'A checked day after the server’s today is refused (VALIDATION_FAILED, field checkedOn).',
  request: { params: ruleParams, ...jsonBody(ruleChangeSchema) },
  responses: {
    200: jsonResponse(okSchema, 'Changed'),
    400: errorResponses[400],
    404: notFound('NOT_FOUND: the provider has no such rule'),
    ...guarded,
  },
});

const summary = adminRoute('overview.read', {
  method: 'get',
  path: '/summary',
  tags,
  summary: "The home's bank figures: answers per provider, the common refusal reasons, stale rules",
  responses: { 200: jsonResponse(bankSummarySchema, 'The figures'), ...guarded },
});

const applications = listRoute('bank.read', {
  path: '/applications',
  summary: "Every customer's recorded bank applications, newest first (the home's bank figures' list)",
  description:
    'Filtered by provider and answer; reason matches a refusal reason whole as the home folds it (trimmed, ' +
    'lower case); q searches the customer (email, names, exact id) and the company name, Turkish letters ' +
    'folded; paged in SQL.',
  query: bankApplicationListQuerySchema,
  page: bankApplicationListSchema,
});

function applicationColumns(format: ExportFormat): CsvColumns<BankApplicationRow> {
  const lang = exportLanguage(format);
  const t = (key: string) => translate(lang, `bankReadiness.${key}`);
  return {
    header: ['decidedOn', 'provider', 'outcome', 'reason', 'customer', 'email', 'business', 'recordedAt', 'id'].map(
      (k) => t(`list.csv.${k}`),
    ),
    line: (row) => [
      lang === 'tr' ? formatCalendarDateLong(row.decidedOn, 'tr') : row.decidedOn,
      BANK_CATALOGUE[row.provider].name,
      t(`applications.outcomes.${row.outcome}`),
      row.reason ?? '',
      row.customerName ?? '',
      row.customerEmail,
      row.businessName ?? '',
      lang === 'tr' ? turkishDate(new Date(row.createdAt)) : row.createdAt,
      row.id,
    ],
  };
}

/** /api/admin/bank-readiness (decisions 0084, 0085, 0091). */
export function bankReadinessAdminRoutes() {
  const router = createRouter();
  router.openapi(applications, async (c) =>
    c.json(await listBankApplications(c.var.deps.database.db, c.req.valid('query')), 200),
  );
  csvExportRoute(router, {
    permission: 'bank.export',
    path: '/applications/export.csv',
    summary: "The filter's bank applications as CSV (all pages), streamed",
    query: bankApplicationExportQuerySchema,
    name: 'bank-applications',
    pages: (c, query) => bankApplicationPages(c.var.deps.database.db, query),
    columns: applicationColumns,
  });
  router.openapi(customerReadiness, async (c) =>
    c.json(await readinessOf(c.var.deps.database.db, c.req.valid('param').userId), 200),
  );
  router.openapi(listRules, async (c) =>
    c.json(
      {
        maxAgeDays: BANK_RULE_MAX_AGE_DAYS,
        rules: await catalogueRules(c.var.deps.database.db, serverToday(c.var.deps.env)),
      },
      200,
    ),
  );
  router.openapi(putRule, async (c) => {
    const { provider, key } = c.req.valid('param');
    await changeRule(
      c.var.deps.database.db,
      currentUser(c),
      provider,
      key,
      c.req.valid('json'),
      serverToday(c.var.deps.env),
    );
    return c.json({ ok: true as const }, 200);
  });
  router.openapi(summary, async (c) =>
    c.json(await bankSummary(c.var.deps.database.db, serverToday(c.var.deps.env)), 200),
  );
  return router;
}
