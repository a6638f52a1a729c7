import { desc, eq } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import { html, raw } from 'hono/html';
import { mailOutbox } from '../../db/schema';
import { isLoopback, socketAddress } from '../../platform/http/client-address';
import type { AppEnv } from '../../platform/http/context';
import { errorResponse } from '../../platform/http/errors';

const LOCAL_HOST_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Stored mail holds password-reset links, so reading it is owning every account. The viewer answers
 * only a caller on this machine: the socket's address must be loopback (a header cannot fake that),
 * no proxy may have forwarded the request (a local proxy would make outside callers look local), and
 * the Host must be a local name or PUBLIC_URL's host (a DNS-rebinding page sends its own name).
 * Everyone else gets the same 404 as for a route that does not exist.
 */
function localCallersOnly(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // The URL's host is the Host header as the server received it (node-server builds the URL from it).
    const host = new URL(c.req.url).hostname.toLowerCase();
    const publicHost = new URL(c.var.deps.env.publicUrl).hostname.toLowerCase();
    const local =
      isLoopback(socketAddress(c)) &&
      !c.req.header('x-forwarded-for') &&
      !c.req.header('forwarded') &&
      (LOCAL_HOST_NAMES.has(host) || host === publicHost);
    if (!local) return errorResponse(c, 'NOT_FOUND');
    await next();
  };
}

/** Only mail kept here (no SMTP) shows its body; a mail SMTP has sent keeps none (see outbox.ts). */
function readable(mail: typeof mailOutbox.$inferSelect) {
  return mail.status === 'stored';
}

/**
 * The outbox viewer, for development only (never mounted in production): `/dev/mail` lists the
 * stored mails and `/api/dev/mail` returns them as JSON for the end-to-end tests.
 */
export function devMailApi() {
  const router = new Hono<AppEnv>();
  router.use('*', localCallersOnly());
  router.get('/', async (c) => {
    const to = c.req.query('to');
    const { db } = c.var.deps.database;
    const rows = await db
      .select()
      .from(mailOutbox)
      .where(to ? eq(mailOutbox.to, to.toLowerCase()) : undefined)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(100);
    return c.json({
      mails: rows.map((m) => (readable(m) ? m : { ...m, text: '', html: '' })),
    });
  });
  return router;
}

export function devMailPage() {
  const router = new Hono<AppEnv>();
  router.use('*', localCallersOnly());
  router.get('/', async (c) => {
    const { db } = c.var.deps.database;
    const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(100);
    return c.html(
      html`<!doctype html>
        <html lang="en">
          <head>
            <meta charset="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <title>Outbox</title>
            <style>
              body { font-family: system-ui, sans-serif; margin: 0; background: #f1f5f9; color: #0f172a; }
              main { max-width: 860px; margin: 0 auto; padding: 24px 16px; }
              a { color: #4338ca; }
              li { background: #fff; border-radius: 10px; padding: 12px 16px; margin: 8px 0; list-style: none; }
              ul { padding: 0; }
              small { color: #475569; }
            </style>
          </head>
          <body>
            <main>
              <h1>Outbox (development)</h1>
              <p><small>Mails are kept here because SMTP_URL is not set.</small></p>
              <ul>
                ${rows.length === 0 ? html`<li>No mail yet.</li>` : ''}
                ${rows.map(
                  (m) => html`<li>
                    <a href="/dev/mail/${m.id}">${m.subject}</a><br />
                    <small>${m.to} · ${m.lang} · ${m.status} · ${m.createdAt.toISOString()}</small>
                  </li>`,
                )}
              </ul>
            </main>
          </body>
        </html>`,
    );
  });
  router.get('/:id', async (c) => {
    const id = c.req.param('id');
    if (!/^[0-9a-f-]{36}$/.test(id)) return errorResponse(c, 'NOT_FOUND');
    const { db } = c.var.deps.database;
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
    if (!mail) return errorResponse(c, 'NOT_FOUND');
    const body = readable(mail) ? raw(mail.html) : html`<p><em>Sent over SMTP; its body is not kept.</em></p>`;
    // The stored HTML was rendered by our own templates with escaped values.
    return c.html(
      html`<!doctype html><html><head><meta charset="utf-8"><title>${mail.subject}</title></head><body>
        <p><a href="/dev/mail">← Outbox</a></p>
        <p><strong>To:</strong> ${mail.to}<br><strong>Subject:</strong> ${mail.subject}</p><hr>${body}</body></html>`,
    );
  });
  return router;
}
