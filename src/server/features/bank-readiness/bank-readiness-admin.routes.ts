import { z } from '@hono/zod-openapi';
import { BANK_RULE_MAX_AGE_DAYS } from '../../../shared/bank-readiness/rule-keys';
import {
  bankReadinessSchema,
  bankSummarySchema,
  catalogueRulesSchema,
  ruleChangeSchema,
  ruleParams,
} from '../../../shared/contracts/bank-readiness';
import { okSchema } from '../../../shared/contracts/common';
import { safeText, TEXT_MAX } from '../../../shared/schemas/text';
import { serverToday } from '../../platform/clock';
import { adminRoute } from '../../platform/http/admin-door';
import { createRouter, errorResponses, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { guarded, notFound } from '../../platform/http/route-kit';
import { currentUser } from '../../platform/http/session';
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

/** /api/admin/bank-readiness (decisions 0084, 0085). */
export function bankReadinessAdminRoutes() {
  const router = createRouter();
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
