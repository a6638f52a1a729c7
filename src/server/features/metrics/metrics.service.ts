import { and, count, inArray, isNotNull, max, min } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { complianceReminderRuns, mailOutbox } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { lastFinished } from '../../platform/daily-job';
import type { AppEnv } from '../../platform/http/context';
import type { UploadBudget } from '../../platform/uploads/upload-budget';

export interface PortalMetrics {
  registry: Registry;
  /** Times every request by its route template (never the raw path: ids would make endless series). */
  middleware: MiddlewareHandler<AppEnv>;
}

/**
 * The Prometheus series of decision 0049, on a registry of this app's own (a test process runs many
 * apps). The database's series are read when scraped, so a scrape costs a few indexed queries and
 * nothing runs between scrapes.
 */
export function createMetrics(deps: AppDeps, uploadBudget: UploadBudget): PortalMetrics {
  const registry = new Registry();
  // Process defaults: CPU, memory, heap, handles, GC, and nodejs_eventloop_lag_seconds (event-loop lag).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const requests = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Request durations by route template, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const database = deps.database;
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'Database pool connections: total, idle, and requests waiting for one (PostgreSQL; PGlite has no pool).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'portal_db_engine_info',
    help: 'The database engine this copy runs on (pglite or postgres).',
    labelNames: ['engine'] as const,
    registers: [registry],
    collect() {
      this.set({ engine: database.engine }, 1);
    },
  });

  new Gauge({
    name: 'portal_mail_outbox_pending',
    help: 'Mails queued or being sent.',
    registers: [registry],
    async collect() {
      const [row] = await database.db
        .select({ n: count() })
        .from(mailOutbox)
        .where(inArray(mailOutbox.status, ['queued', 'sending']));
      this.set(Number(row?.n ?? 0));
    },
  });
  new Gauge({
    name: 'portal_mail_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest mail still queued or being sent; 0 when none is.',
    registers: [registry],
    async collect() {
      const [row] = await database.db
        .select({ oldest: min(mailOutbox.createdAt) })
        .from(mailOutbox)
        .where(inArray(mailOutbox.status, ['queued', 'sending']));
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
      this.set(oldest === null ? 0 : Math.max(0, (Date.now() - oldest) / 1000));
    },
  });

  new Gauge({
    name: 'portal_job_last_success_timestamp_seconds',
    help: 'When each daily job last finished (Unix seconds): reminders, retention, backup; absent until it has.',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const [reminders] = await database.db
        .select({ at: max(complianceReminderRuns.finishedAt) })
        .from(complianceReminderRuns)
        .where(and(isNotNull(complianceReminderRuns.finishedAt)));
      const times: Record<string, Date | null> = {
        reminders: reminders?.at ? new Date(reminders.at) : null,
        retention: await lastFinished(database.db, 'retention'),
        backup: await lastFinished(database.db, 'backup'),
      };
      for (const [job, at] of Object.entries(times)) if (at) this.set({ job }, at.getTime() / 1000);
    },
  });

  new Gauge({
    name: 'portal_upload_budget_bytes',
    help: 'Upload bytes held in memory now (in_use), the budget (total), and uploads waiting for room (waiting, a count).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'in_use' }, uploadBudget.held);
      this.set({ state: 'total' }, uploadBudget.totalBytes);
      this.set({ state: 'waiting' }, uploadBudget.waiting);
    },
  });

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const started = performance.now();
    await next();
    // The route of the last handler that ran: its template (`/api/ein-applications/:id`), or the
    // catch-all (`/*`) for the web app's pages and unknown paths.
    let route: string;
    try {
      route = routePath(c) || 'unmatched';
    } catch {
      route = 'unmatched';
    }
    requests.observe(
      { route, method: c.req.method, status: String(c.res.status) },
      (performance.now() - started) / 1000,
    );
  };

  return { registry, middleware };
}
