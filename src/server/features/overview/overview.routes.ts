import {
  overviewCareSchema,
  overviewDeadlinesSchema,
  overviewFunnelQuerySchema,
  overviewFunnelSchema,
  overviewGrowthSchema,
  overviewIrsSchema,
  overviewMoneySchema,
  overviewRangeQuerySchema,
} from '../../../shared/features/overview/overview.contracts';
import { PANEL_PERMISSIONS } from '../../../shared/features/overview/overview.domain';
import { serverNow, serverToday } from '../../platform/clock';
import { adminRoute } from '../../platform/http/admin-door';
import { createRouter, errorResponses, jsonResponse } from '../../platform/http/openapi';
import { guarded } from '../../platform/http/route-kit';
import {
  carePanel,
  deadlinesPanel,
  funnelPanel,
  growthPanel,
  irsPanel,
  moneyPanel,
  resolveRange,
} from './overview.service';

const tags = ['admin'];
const invalid = { 400: errorResponses[400] };

const growth = adminRoute(PANEL_PERMISSIONS.growth, {
  method: 'get',
  path: '/growth',
  tags,
  summary: "The home's growth panel: sign-ups, onboarding, formations started and completed, EINs issued, per week",
  request: { query: overviewRangeQuerySchema },
  responses: {
    200: jsonResponse(overviewGrowthSchema, 'Weekly figures and both periods’ totals'),
    ...invalid,
    ...guarded,
  },
});

const funnel = adminRoute(PANEL_PERMISSIONS.funnel, {
  method: 'get',
  path: '/funnel',
  tags,
  summary:
    "The home's funnel: short-link visits, sign-ups, onboarding, first payment, EIN issued; by link or UTM source",
  request: { query: overviewFunnelQuerySchema },
  responses: { 200: jsonResponse(overviewFunnelSchema, 'The steps of both periods'), ...invalid, ...guarded },
});

const money = adminRoute(PANEL_PERMISSIONS.money, {
  method: 'get',
  path: '/money',
  tags,
  summary: "The home's money: paid live revenue per month by service or package (TEST MODE never counts)",
  request: { query: overviewRangeQuerySchema },
  responses: { 200: jsonResponse(overviewMoneySchema, 'Revenue by month and item'), ...invalid, ...guarded },
});

const irs = adminRoute(PANEL_PERMISSIONS.irs, {
  method: 'get',
  path: '/irs',
  tags,
  summary: "The home's IRS clock: median and 90th percentile days per EIN stage by month of submission; overdue now",
  request: { query: overviewRangeQuerySchema },
  responses: { 200: jsonResponse(overviewIrsSchema, 'Stage times and overdue applications'), ...invalid, ...guarded },
});

const care = adminRoute(PANEL_PERMISSIONS.care, {
  method: 'get',
  path: '/care',
  tags,
  summary: "The home's care panel: time to first staff reply (median, 90th percentile); threads waiting over 24 hours",
  request: { query: overviewRangeQuerySchema },
  responses: { 200: jsonResponse(overviewCareSchema, 'Reply times and waiting threads'), ...invalid, ...guarded },
});

const deadlines = adminRoute(PANEL_PERMISSIONS.deadlines, {
  method: 'get',
  path: '/deadlines',
  tags,
  summary: "The home's deadlines: customers' items due in the next 30 days, and overdue unfiled ones",
  responses: { 200: jsonResponse(overviewDeadlinesSchema, 'Due and overdue items'), ...guarded },
});

/** /admin, the operator's home (decision 0055): one operation per panel, each behind its own permission. */
export function overviewRoutes() {
  const router = createRouter();
  router.openapi(growth, async (c) => {
    const range = resolveRange(c.req.valid('query'), serverToday(c.var.deps.env));
    return c.json(await growthPanel(c.var.deps.database.db, range), 200);
  });
  router.openapi(funnel, async (c) => {
    const query = c.req.valid('query');
    const range = resolveRange(query, serverToday(c.var.deps.env));
    return c.json(await funnelPanel(c.var.deps.database.db, range, { link: query.link, utm: query.utm }), 200);
  });
  router.openapi(money, async (c) => {
    const range = resolveRange(c.req.valid('query'), serverToday(c.var.deps.env));
    return c.json(await moneyPanel(c.var.deps.database.db, range), 200);
  });
  router.openapi(irs, async (c) => {
    const range = resolveRange(c.req.valid('query'), serverToday(c.var.deps.env));
    return c.json(await irsPanel(c.var.deps.database.db, range, c.var.deps.env), 200);
  });
  router.openapi(care, async (c) => {
    const range = resolveRange(c.req.valid('query'), serverToday(c.var.deps.env));
    return c.json(await carePanel(c.var.deps.database.db, range, serverNow(c.var.deps.env)), 200);
  });
  router.openapi(deadlines, async (c) =>
    c.json(await deadlinesPanel(c.var.deps.database.db, serverToday(c.var.deps.env)), 200),
  );
  return router;
}
