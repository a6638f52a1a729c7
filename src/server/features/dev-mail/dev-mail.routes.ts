import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import { mailOutbox } from '../../db/schema';
import type { AppEnv } from '../../platform/http/context';
import { errorResponse } from '../../platform/http/errors';

/**
 * The outbox viewer, for development only (never mounted in production): `/dev/mail` lists the
 * stored mails and `/api/dev/mail` returns them as JSON for the end-to-end tests.
 */
export function devMailApi() {
  const router = new Hono<AppEnv>();
  router.get('/', async (c) => {
    const to = c.req.query('to');
    const { db } = c.var.deps.database;
    const rows = await db
      .select()
      .from(mailOutbox)
      .where(to ? eq(mailOutbox.to, to.toLowerCase()) : undefined)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(100);
    return c.json({ mails: rows });
  });
  return router;
}

export function devMailPage() {
  const router = new Hono<AppEnv>();
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
    // The stored HTML was rendered by our own templates with escaped values.
    return c.html(
      html`<!doctype html><html><head><meta charset="utf-8"><title>${mail.subject}</title></head><body>
        <p><a href="/dev/mail">← Outbox</a></p>
        <p><strong>To:</strong> ${mail.to}<br><strong>Subject:</strong> ${mail.subject}</p><hr>${raw(mail.html)}</body></html>`,
    );
  });
  return router;
}
