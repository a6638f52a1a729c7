/**
 * The peer the portal is measured against (decision 0026): a bare `node:http` + `pg` server that runs the
 * same SQL statements as the portal's routes, with nothing else around them (no framework, no ORM, no
 * cookie signature check, no validation). Captured from the portal's pg client on
 * GET /api/formations/me: the session joined to its user by token, the formation joined to its EIN
 * application, the user's stage history (decision 0025; the stage statistics query is cached for five
 * minutes in the portal, so it is not per request). The portal names its statements (prepared once per
 * connection); this server sends them unnamed, as a plain `pool.query` does.
 * `/go/{slug}` answers a fixed 302 and `/healthz` a fixed JSON. Run as its own process:
 * `tsx scripts/bench/bare-server.ts <port> <database url>`; prints "listening" when ready.
 */
import http from 'node:http';
import pg from 'pg';

const [port, databaseUrl] = process.argv.slice(2);
// The portal's pool size (src/server/db/client.ts).
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });

const SESSION =
  'select "sessions"."id", "sessions"."expires_at", "users"."id", "users"."email", "users"."name", "users"."role", "users"."email_verified", "users"."lang" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where "sessions"."token" = $1';
const FORMATION_WITH_EIN =
  'select "company_formations"."id", "company_formations"."user_id", "company_formations"."company_formation_preference", "company_formations"."phone_number", "company_formations"."business_motivation", "company_formations"."business_address_preference", "company_formations"."formation_status", "company_formations"."payment_status", "company_formations"."business_name", "company_formations"."state_selected", "company_formations"."formed_on", "company_formations"."state_file_number", "company_formations"."stage_reached_at", "company_formations"."created_at", "company_formations"."updated_at", "ein_applications"."id", "ein_applications"."user_id", "ein_applications"."business_name", "ein_applications"."email", "ein_applications"."state", "ein_applications"."business_activity", "ein_applications"."other_activity", "ein_applications"."responsible_party_name", "ein_applications"."responsible_party_phone", "ein_applications"."responsible_party_ssn_encrypted", "ein_applications"."responsible_party_ssn_last4", "ein_applications"."is_foreign_applicant", "ein_applications"."articles_of_organization_key", "ein_applications"."registered_agent_invoice_key", "ein_applications"."uploaded_ss4_key", "ein_applications"."uploaded_signed_ss4_key", "ein_applications"."uploaded_ein_document_key", "ein_applications"."status", "ein_applications"."ein_status", "ein_applications"."admin_notes", "ein_applications"."ein", "ein_applications"."generated_ss4_key", "ein_applications"."stage_reached_at", "ein_applications"."created_at", "ein_applications"."updated_at" from "company_formations" left join "ein_applications" on "ein_applications"."user_id" = "company_formations"."user_id" where "company_formations"."user_id" = $1 limit $2';
const HISTORY = 'select "kind", "stage", "reached_at" from "stage_history" where "stage_history"."user_id" = $1';

function send(res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function formationsMe(req: http.IncomingMessage, res: http.ServerResponse) {
  // better-auth's cookie holds `<token>.<signature>`; the bare server only looks the token up.
  const m = /session_token=([^;.]+)/.exec(req.headers.cookie ?? '');
  if (!m) return send(res, 401, { error: 'UNAUTHENTICATED' });
  // Joined rows come as arrays (as drizzle asks for them): both tables have an "id".
  const session = (await pool.query({ text: SESSION, values: [decodeURIComponent(m[1])], rowMode: 'array' })).rows[0];
  if (!session || session[1] < new Date()) return send(res, 401, { error: 'UNAUTHENTICATED' });
  const userId = session[2];
  const records = (await pool.query({ text: FORMATION_WITH_EIN, values: [userId, 1], rowMode: 'array' })).rows[0];
  if (!records) return send(res, 404, { error: 'NOT_FOUND' });
  const history = (await pool.query(HISTORY, [userId])).rows;
  const formation = records.slice(0, 15);
  const ein = records[15] === null ? null : records.slice(15);
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
