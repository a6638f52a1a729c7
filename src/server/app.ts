import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { isDatabaseUnavailable } from './db/errors';
import type { AppDeps } from './deps';
import { FIRST_CALLS, SERVER_FEATURES } from './feature-registry';
import { devMailApi, devMailPage } from './features/dev-mail/dev-mail.routes';
import { docsRoutes } from './features/docs/docs.routes';
import { healthRoutes } from './features/health/health.routes';
import { mailListensToPayments } from './features/mail';
import { bootDataFor } from './features/me/boot-data.service';
import { metricsRoutes } from './features/metrics/metrics.routes';
import { createMetrics } from './features/metrics/metrics.service';
import { STRIPE_WEBHOOK_PATH } from './features/payments/payments.routes';
import { consentGuard } from './features/privacy/privacy-consents.service';
import { listenToPayments } from './features/renewals';
import { ADMIN_API_PREFIX, adminDoor } from './platform/http/admin-door';
import type { AppEnv } from './platform/http/context';
import { ApiError, errorResponse } from './platform/http/errors';
import { languageMiddleware } from './platform/http/language';
import { matchesRoute, multipartRoutes, type RouteMatcher } from './platform/http/own-body-routes';
import { requestContext } from './platform/http/request-context';
import { loggedPath, requestLog } from './platform/http/request-log';
import {
  expectedHost,
  jsonBodyLimit,
  type OwnBodyLimit,
  sameOriginWrites,
  securityHeaders,
  webhookBody,
} from './platform/http/security';
import { sessionMiddleware } from './platform/http/session';
import { mountSpa } from './platform/http/spa';
import { UploadBudget } from './platform/uploads/upload-budget';
import { uploadRoom } from './platform/uploads/upload-room';

const API_DOCUMENT_INFO = {
  openapi: '3.1.0',
  info: { title: 'US company formation portal API', version: '1.0.0' },
};

export function createApp(deps: AppDeps, opts: { serveWeb?: boolean } = {}) {
  const app = new OpenAPIHono<AppEnv>();
  const uploadBudget = deps.uploadBudget ?? new UploadBudget();
  const metrics = createMetrics(deps, uploadBudget);
  // Payments publishes a paid order; the features that sold it listen (decision 0082).
  listenToPayments();
  mailListensToPayments();

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use('*', securityHeaders({ production: deps.env.production }));
  app.use('*', requestLog());
  app.use('*', metrics.middleware);
  app.use('*', languageMiddleware());
  app.use('*', requestContext());
  // Health checks come first: a load balancer probes them by IP address, with no matching Host.
  app.route('/', healthRoutes());
  // Scraped by address like the health checks; guarded by its token or the loopback rule (decision 0049).
  app.route('/', metricsRoutes(metrics));
  if (deps.env.production) app.use('*', expectedHost(deps.env.publicUrl));
  app.use('/api/*', sameOriginWrites(deps.env.publicUrl));
  // Read from the API document once every route is mounted (the first request comes after that).
  let uploadRoutes: RouteMatcher[] | undefined;
  const ownBodyLimit: OwnBodyLimit = (method, path, contentType) => {
    if (path === STRIPE_WEBHOOK_PATH) return true;
    if (!contentType.toLowerCase().startsWith('multipart/form-data')) return false;
    uploadRoutes ??= multipartRoutes(app.getOpenAPI31Document(API_DOCUMENT_INFO));
    return matchesRoute(uploadRoutes, method, path);
  };
  app.use(STRIPE_WEBHOOK_PATH, webhookBody());
  app.use('/api/*', jsonBodyLimit(ownBodyLimit));
  app.use('/api/*', sessionMiddleware());
  // Decision 0046: a customer who has not accepted the current texts may read but not write.
  app.use('/api/*', consentGuard());
  app.use('/api/*', uploadRoom(uploadBudget));

  // Every feature's routers, from the registry (decision 0079), in its order. The admin features mount
  // into the one admin door, which checks the caller once at its root.
  app.route(ADMIN_API_PREFIX, adminDoor(SERVER_FEATURES.flatMap((feature) => feature.admin ?? [])));
  for (const feature of SERVER_FEATURES) {
    for (const mount of feature.api ?? []) app.route(mount.path, mount.routes());
  }

  app.doc31('/api/openapi.json', API_DOCUMENT_INFO);
  app.route('/api/docs', docsRoutes());

  if (!deps.env.production) {
    app.route('/api/dev/mail', devMailApi());
    app.route('/dev/mail', devMailPage());
  }

  app.all('/api/*', (c) => errorResponse(c, 'NOT_FOUND'));
  // Paths outside /api whose link is the credential (/go/{slug}, /calendar/{token}.ics), answered here,
  // before the web app's catch-all (decision 0013).
  const outside = { webDistDir: opts.serveWeb !== false ? deps.env.WEB_DIST_DIR : null };
  for (const feature of SERVER_FEATURES) for (const mount of feature.outside ?? []) mount(app, outside);

  app.onError((err, c) => {
    if (err instanceof ApiError) return errorResponse(c, err.code, err.fields);
    if (err instanceof HTTPException && err.status < 500) {
      if (err.status === 413) return errorResponse(c, 'BODY_TOO_LARGE');
      return errorResponse(c, 'BAD_REQUEST');
    }
    if (isDatabaseUnavailable(err)) {
      // An outage, not a bug: say so, and tell clients when to come back.
      deps.logger.warn({ err, path: loggedPath(c.req.path) }, 'database unavailable');
      c.header('Retry-After', '5');
      return errorResponse(c, 'SERVICE_UNAVAILABLE');
    }
    deps.logger.error({ err, path: loggedPath(c.req.path) }, 'unhandled error');
    return errorResponse(c, 'INTERNAL');
  });

  if (opts.serveWeb !== false)
    mountSpa(app, deps.env.WEB_DIST_DIR, { bootData: (c, route) => bootDataFor(c, route, FIRST_CALLS) });
  return app;
}
