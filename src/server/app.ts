import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { isDatabaseUnavailable } from './db/errors';
import type { AppDeps } from './deps';
import { accountRoutes } from './features/account/account.routes';
import { adminOverviewRoutes } from './features/admin/admin.routes';
import { auditAdminRoutes } from './features/audit/audit-admin.routes';
import { authRoutes } from './features/auth/auth.routes';
import { mountCalendarFeed } from './features/compliance/calendar-feed.routes';
import { complianceRoutes } from './features/compliance/compliance.routes';
import { complianceAdminRoutes } from './features/compliance/compliance-admin.routes';
import { devMailApi, devMailPage } from './features/dev-mail/dev-mail.routes';
import { docsRoutes } from './features/docs/docs.routes';
import { documentsRoutes } from './features/documents/documents.routes';
import { einRoutes } from './features/ein/ein.routes';
import { einAdminRoutes } from './features/ein/ein-admin.routes';
import { einFollowUpsAdminRoutes } from './features/ein/ein-follow-ups.routes';
import { feedbackRoutes } from './features/feedback/feedback.routes';
import { filesRoutes } from './features/files/files.routes';
import { filingsRoutes } from './features/filings/filings.routes';
import { filingsAdminRoutes } from './features/filings/filings-admin.routes';
import { formationsRoutes } from './features/formations/formations.routes';
import { formationsAdminRoutes } from './features/formations/formations-admin.routes';
import { guidesRoutes } from './features/guides/guides.routes';
import { healthRoutes } from './features/health/health.routes';
import { mailRoutes } from './features/mail/mail.routes';
import { mailAdminRoutes } from './features/mail/mail-admin.routes';
import { bootDataFor } from './features/me/boot-data.service';
import { meRoutes } from './features/me/me.routes';
import { metricsRoutes } from './features/metrics/metrics.routes';
import { createMetrics } from './features/metrics/metrics.service';
import { overviewRoutes } from './features/overview/overview.routes';
import { ordersRoutes } from './features/payments/orders.routes';
import { ordersAdminRoutes } from './features/payments/orders-admin.routes';
import { paymentsRoutes, STRIPE_WEBHOOK_PATH } from './features/payments/payments.routes';
import { paymentsAdminRoutes } from './features/payments/payments-admin.routes';
import { privacyAdminRoutes, privacyRoutes } from './features/privacy/privacy.routes';
import { consentGuard } from './features/privacy/privacy-consents.service';
import { renewalsRoutes } from './features/renewals/renewals.routes';
import { renewalsAdminRoutes } from './features/renewals/renewals-admin.routes';
import { servicesRoutes } from './features/services/services.routes';
import { servicesAdminRoutes } from './features/services/services-admin.routes';
import { mountShortLinkRedirect } from './features/short-links/go.routes';
import { shortLinksAdminRoutes } from './features/short-links/short-links-admin.routes';
import { ss4AdminRoutes } from './features/ss4/ss4-admin.routes';
import { invitationsRoutes } from './features/staff/invitations.routes';
import { staffAdminRoutes } from './features/staff/staff-admin.routes';
import { supportRoutes } from './features/support/support.routes';
import { supportAdminRoutes } from './features/support/support-admin.routes';
import { timelineRoutes } from './features/timeline/timeline.routes';
import { turnkeyRoutes } from './features/turnkey/turnkey.routes';
import { twoFactorAdminRoutes, twoFactorRoutes, twoFactorSignInRoutes } from './features/two-factor/two-factor.routes';
import { usersAdminRoutes } from './features/users/users-admin.routes';
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

  app.route('/api/auth', authRoutes());
  app.route('/api/auth', twoFactorSignInRoutes());
  app.route('/api/invitations', invitationsRoutes());
  app.route('/api/me', meRoutes());
  app.route('/api/me/two-factor', twoFactorRoutes());
  app.route('/api/me/timeline', timelineRoutes());
  app.route('/api/account', accountRoutes());
  app.route('/api/privacy', privacyRoutes());
  // Every admin feature mounts into the one admin door, which checks the caller once at its root.
  app.route(
    ADMIN_API_PREFIX,
    adminDoor([
      { path: '/support', routes: supportAdminRoutes, refusals: { 'POST /threads': 'ADMIN_REQUIRED' } },
      { path: '/services', routes: servicesAdminRoutes },
      { path: '/', routes: paymentsAdminRoutes },
      { path: '/orders', routes: ordersAdminRoutes },
      { path: '/users', routes: usersAdminRoutes },
      { path: '/short-links', routes: shortLinksAdminRoutes },
      { path: '/formations', routes: formationsAdminRoutes },
      { path: '/compliance', routes: complianceAdminRoutes },
      { path: '/ein-applications', routes: ss4AdminRoutes },
      { path: '/', routes: adminOverviewRoutes },
      { path: '/ein-applications', routes: einAdminRoutes },
      { path: '/ein-applications', routes: einFollowUpsAdminRoutes },
      { path: '/staff', routes: twoFactorAdminRoutes },
      { path: '/staff', routes: staffAdminRoutes },
      { path: '/audit', routes: auditAdminRoutes },
      { path: '/home', routes: overviewRoutes },
      { path: '/renewals', routes: renewalsAdminRoutes },
      { path: '/privacy', routes: privacyAdminRoutes },
      { path: '/filings', routes: filingsAdminRoutes },
      // The mailroom (decision 0086): the mail desk.
      { path: '/mail', routes: mailAdminRoutes },
    ]),
  );
  app.route('/api/formations', formationsRoutes());
  app.route('/api/formation-service', turnkeyRoutes());
  app.route('/api/feedback', feedbackRoutes());
  app.route('/api/guides', guidesRoutes());
  app.route('/api/ein-applications', einRoutes());
  app.route('/api/files', filesRoutes());
  app.route('/api/documents', documentsRoutes());
  app.route('/api/support', supportRoutes());
  app.route('/api/services', servicesRoutes());
  app.route('/api/payments', paymentsRoutes());
  app.route('/api/orders', ordersRoutes());
  app.route('/api/compliance', complianceRoutes());
  app.route('/api/renewals', renewalsRoutes());
  app.route('/api/filings', filingsRoutes());
  // The mailroom (decision 0086): the customer's letters.
  app.route('/api/mail', mailRoutes());

  app.doc31('/api/openapi.json', API_DOCUMENT_INFO);
  app.route('/api/docs', docsRoutes());

  if (!deps.env.production) {
    app.route('/api/dev/mail', devMailApi());
    app.route('/dev/mail', devMailPage());
  }

  app.all('/api/*', (c) => errorResponse(c, 'NOT_FOUND'));
  // Short links (/go/{slug}) are answered here, before the web app's catch-all (decision 0013).
  mountShortLinkRedirect(app, { webDistDir: opts.serveWeb !== false ? deps.env.WEB_DIST_DIR : null });
  // The private compliance calendar (/calendar/{token}.ics): its token is the credential, like /go's slug.
  mountCalendarFeed(app);

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

  if (opts.serveWeb !== false) mountSpa(app, deps.env.WEB_DIST_DIR, { bootData: bootDataFor });
  return app;
}
