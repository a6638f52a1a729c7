/**
 * The peer the portal is measured against (issue 14): a bare `node:http` + `pg` server that runs the
 * same SQL statements as the portal's routes, with nothing else around them (no framework, no ORM, no
 * cookie signature check, no validation). Captured from the portal's pg client on
 * GET /api/formations/me: session by token, user, formation, EIN application, the formation's stage
 * history (the stage statistics query is cached for five minutes in the portal, so it is not per request).
 * `/go/{slug}` answers a fixed 302 and `/healthz` a fixed JSON. Run as its own process:
 * `tsx scripts/bench/bare-server.ts <port> <database url>`; prints "listening" when ready.
 */
import http from 'node:http';
import pg from 'pg';

const [port, databaseUrl] = process.argv.slice(2);
// The portal's pool size (src/server/db/client.ts).
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });

const SESSION =
  'select "id", "expires_at", "token", "created_at", "updated_at", "ip_address", "user_agent", "user_id" from "sessions" where "sessions"."token" = $1';
const USER =
  'select "id", "name", "email", "email_verified", "image", "role", "lang", "created_at", "updated_at" from "users" where "users"."id" = $1';
const FORMATION =
  'select "id", "user_id", "company_formation_preference", "phone_number", "business_motivation", "business_address_preference", "formation_status", "payment_status", "business_name", "state_selected", "formed_on", "state_file_number", "stage_reached_at", "created_at", "updated_at" from "company_formations" where "company_formations"."user_id" = $1 limit $2';
const EIN =
  'select "id", "user_id", "business_name", "email", "state", "business_activity", "other_activity", "responsible_party_name", "responsible_party_phone", "responsible_party_ssn_encrypted", "responsible_party_ssn_last4", "is_foreign_applicant", "articles_of_organization_key", "registered_agent_invoice_key", "uploaded_ss4_key", "uploaded_signed_ss4_key", "uploaded_ein_document_key", "status", "ein_status", "admin_notes", "ein", "generated_ss4_key", "stage_reached_at", "created_at", "updated_at" from "ein_applications" where "ein_applications"."user_id" = $1 limit $2';
const HISTORY =
  'select "stage", "reached_at" from "stage_history" where ("stage_history"."user_id" = $1 and "stage_history"."kind" = $2)';

function send(res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function formationsMe(req: http.IncomingMessage, res: http.ServerResponse) {
  // better-auth's cookie holds `<token>.<signature>`; the bare server only looks the token up.
  const m = /session_token=([^;.]+)/.exec(req.headers.cookie ?? '');
  if (!m) return send(res, 401, { error: 'UNAUTHENTICATED' });
  const session = (await pool.query(SESSION, [decodeURIComponent(m[1])])).rows[0];
  if (!session || session.expires_at < new Date()) return send(res, 401, { error: 'UNAUTHENTICATED' });
  const user = (await pool.query(USER, [session.user_id])).rows[0];
  const formation = (await pool.query(FORMATION, [user.id, 1])).rows[0];
  if (!formation) return send(res, 404, { error: 'NOT_FOUND' });
  const ein = (await pool.query(EIN, [user.id, 1])).rows[0] ?? null;
  const history = (await pool.query(HISTORY, [user.id, 'formation'])).rows;
  send(res, 200, { formation, einApplication: ein, timeline: history, guidesDone: null });
}

const server = http.createServer((req, res) => {
  const url = req.url ?? '/';
  if (url === '/healthz') return send(res, 200, { status: 'ok' });
  if (url.startsWith('/go/')) {
    res.writeHead(302, { location: '/signup?utm_source=bench', 'cache-control': 'private, no-store' });
    return res.end();
  }
  if (url === '/api/formations/me') {
    formationsMe(req, res).catch(() => send(res, 500, { error: 'INTERNAL' }));
    return;
  }
  send(res, 404, { error: 'NOT_FOUND' });
});
server.keepAliveTimeout = 5000;
server.listen(Number(port), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
