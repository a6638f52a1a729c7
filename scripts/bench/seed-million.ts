/**
 * `npm run bench:seed [-- --customers N]`: fills the benchmark database (bench-db.ts) with N customers
 * (1,000,000 by default), each with a profile and a formation, EIN applications for 30% of them and
 * about 700,000 orders, eight staff members and about ten audit rows per customer,
 * with Turkish names and business names so that the folded search has real work to do. Generated in
 * SQL (generate_series), so a million customers take minutes, not hours. Existing bench data is
 * replaced.
 */
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client';
import { BENCH_ADMIN } from './admin-lists';
import { BENCH_DATABASE_URL, ensureBenchDatabase } from './bench-db';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const customers = Number(arg('customers') ?? 1_000_000);

// Varied enough that a person's full name matches a few hundred of a million, as in real data.
const FIRST =
  'Ayşe Mehmet İsmail Işıl Şule Çağrı Gökhan Özge Ümit Ilgın Deniz Emre Zeynep Elif Burak Can Cem Ece Selin Murat Hakan Gül Tuğba Oğuz Barış Sevgi İrem Kübra Yusuf Hüseyin Serkan Merve Berk Aslı Onur Seda Kaan Nil Tolga Pınar'.split(
    ' ',
  );
const LAST =
  'Yılmaz Kaya Demir Şahin Çelik Yıldız Öztürk Aydın Özdemir Arslan Doğan Kılıç Aslan Çetin Kara Koç Kurt Özkan Şimşek Polat Erdoğan Güneş Aksoy Tekin Avcı Ünal Bulut Keskin Karaca Uçar Işık Turan Sarı Gür Bozkurt Erdem Acar Tuna Uysal Ekinci Ateş Sezer Duman Yavuz Akın Güler Eren Altun Taş Ergin'.split(
    ' ',
  );
const DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.com', 'yandex.com', 'icloud.com', 'yahoo.com'];
const WORDS = ['Dijital', 'Yazılım', 'İhracat', 'Tasarım', 'Ticaret', 'Işık', 'Güneş', 'Şimşek', 'Global', 'Atölye'];
const STATES = ['Wyoming', 'Delaware', 'Florida', 'New Mexico', 'Texas', 'Nevada'];
const FORMATION = ['preparation', 'formation_completed', 'ein_created', 'process_completed'];
const PAYMENT = ['pending', 'paid', 'paid', 'failed'];
const EIN = ['waiting_for_form', 'ss4_ready', 'ss4_uploaded', 'submitted_to_irs', 'ein_issued'];

const arr = (values: string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;
const pick = (values: string[], expr: string) => `(${arr(values)})[1 + ((${expr}) % ${values.length})]`;

async function main() {
  const started = Date.now();
  await ensureBenchDatabase();
  const database = await openDatabase({ databaseUrl: BENCH_DATABASE_URL });
  const run = async (label: string, text: string) => {
    const t0 = Date.now();
    await database.db.execute(sql.raw(text));
    console.log(`${label}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  };
  try {
    // The bench database is the benchmark's alone: emptying it whole is quicker than a cascade of deletes.
    await run('clear the bench database', 'truncate users, services, short_links, audit_events, mail_outbox cascade');
    const name = `${pick(FIRST, 'g')} || ' ' || ${pick(LAST, 'g / 40')}`;
    // ascii local part: "ayse.yilmaz.123456@gmail.com"
    const email = `lower(translate(${pick(FIRST, 'g')} || '.' || ${pick(LAST, 'g / 40')}, 'İIıŞşĞğÜüÖöÇç', 'iiissgguuoocc')) || '.' || g || '@' || ${pick(DOMAINS, 'g / 7')}`;
    await run(
      `users (${customers})`,
      `insert into users (id, name, email, email_verified, role, lang, created_at, updated_at)
       select 'bench-' || g, ${name}, ${email}, true, 'customer',
              case when g % 5 = 0 then 'en' else 'tr' end,
              now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
       from generate_series(1, ${customers}) g`,
    );
    await run(
      'user_profiles',
      `insert into user_profiles (id, email, display_name, utm_source, created_at, updated_at)
       select 'bench-' || g, ${email},
              case when g % 3 = 0 then ${name} end, case when g % 4 = 0 then 'instagram' end,
              now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
       from generate_series(1, ${customers}) g`,
    );
    await run(
      'company_formations',
      // Every company past preparation has a formation date spread over two years, so that the
      // deadlines list (computed from it) has real rows to sort.
      `insert into company_formations (user_id, company_formation_preference, formation_status, payment_status,
              business_name, state_selected, formed_on, created_at, updated_at)
       select 'bench-' || g, case when g % 2 = 0 then 'service' else 'self' end,
              ${pick(FORMATION, 'g / 7')}, ${pick(PAYMENT, 'g / 3')},
              ${pick(LAST, 'g / 5')} || ' ' || ${pick(WORDS, 'g / 13')} || ' ' || g || ' LLC',
              ${pick(STATES, 'g / 11')},
              case when (g / 7) % ${FORMATION.length} > 0 then current_date - (g % 730) end,
              now() - (g || ' seconds')::interval, now() - ((g % 86400) || ' seconds')::interval
       from generate_series(1, ${customers}) g`,
    );
    // The schedule's trigger (migration 0011) filed each company's first occurrences, a year or two back;
    // rolling them to today leaves the bench as a long-running portal would be after its daily roll.
    await run('roll compliance_schedule to today', 'select compliance_schedule_roll(current_date)');
    await run(
      'ein_applications (30%)',
      `insert into ein_applications (user_id, business_name, email, state, business_activity, responsible_party_name,
              responsible_party_phone, ein_status, created_at, updated_at)
       select 'bench-' || g, ${pick(LAST, 'g / 5')} || ' ' || ${pick(WORDS, 'g / 13')} || ' ' || g || ' LLC',
              ${email}, ${pick(STATES, 'g / 11')}, 'Ecommerce', ${name}, '+905320000000',
              ${pick(EIN, 'g / 17')}, now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
       from generate_series(1, ${customers}) g where g % 10 < 3`,
    );
    // Orders for /admin/orders: a turnkey package for every paid assisted formation (half the customers
    // choose the service), and a service order for one customer in five; a few in TEST MODE, some
    // pending or cancelled, spread over two years.
    await run(
      'orders',
      `insert into orders (user_id, kind, package_id, address_option, amount_cents, status, provider, paid_at,
              created_at, updated_at)
       select 'bench-' || g, 'formation_package',
              case when g % 3 = 0 then 'formation_with_payment' else 'formation_only' end,
              case when g % 4 = 0 then 'private_address' else 'shared_address' end,
              case when g % 3 = 0 then 58900 else 38900 end + case when g % 4 = 0 then 10000 else 0 end,
              ${pick(['paid', 'paid', 'paid', 'pending', 'cancelled', 'failed'], 'g / 19')},
              case when g % 97 = 0 then 'local' else 'stripe' end,
              now() - ((g % 730) || ' days')::interval,
              now() - ((g % 730) || ' days')::interval - (g % 3600 || ' seconds')::interval,
              now() - ((g % 730) || ' days')::interval
       from generate_series(1, ${customers}) g where g % 2 = 0;
       insert into orders (user_id, kind, title, title_en, amount_cents, status, provider, paid_at, created_at, updated_at)
       select 'bench-' || g, 'service', 'ITIN başvurusu', 'ITIN application', 19999,
              ${pick(['paid', 'paid', 'pending', 'cancelled'], 'g / 23')},
              case when g % 89 = 0 then 'local' else 'stripe' end,
              now() - ((g % 700) || ' days')::interval,
              now() - ((g % 700) || ' days')::interval - (g % 7200 || ' seconds')::interval,
              now() - ((g % 700) || ' days')::interval
       from generate_series(1, ${customers}) g where g % 5 = 1`,
    );
    // A realistic audit history for /admin/audit (decision 0043): eight staff members, and about ten rows per
    // customer (ten million at a million customers) over two years: status changes, SSN reveals, uploads,
    // payments (the system's), each with a network.
    const STAFF_ROLE_OF = [
      'owner',
      'operations',
      'operations',
      'support',
      'support',
      'support',
      'finance',
      'operations',
    ];
    await run(
      'staff (8)',
      `insert into users (id, name, email, email_verified, role, lang, created_at, updated_at)
       select 'bench-staff-' || s, 'Ekip Üyesi ' || s, 'staff' || s || '@bench.example', true,
              ${pick(STAFF_ROLE_OF, 's - 1')}, 'tr', now() - interval '3 years', now()
       from generate_series(1, 8) s`,
    );
    // The bench's owner, with a password: the admin code makes the first owner only, and staff exist now.
    const hash = (await hashPassword(BENCH_ADMIN.password)).replace(/'/g, "''");
    await run(
      'bench owner',
      `insert into users (id, name, email, email_verified, role, lang) values
         ('bench-admin', 'Bench Admin', '${BENCH_ADMIN.email}', true, 'owner', 'tr');
       insert into accounts (id, account_id, provider_id, user_id, password)
         values ('bench-admin-credential', 'bench-admin', 'credential', 'bench-admin', '${hash}')`,
    );
    const ACTIONS = [
      'formation.status_changed',
      'ein.status_changed',
      'ein.ssn_revealed',
      'document.uploaded',
      'support.admin_replied',
      'order.paid',
      'ein.file_uploaded',
      'formation.company_set',
      'user.display_name_changed',
      'compliance.marked_done',
    ];
    await run(
      'audit_events (~10 per customer)',
      `insert into audit_events (actor_id, actor_role, action, entity_type, entity_id, subject_user_id, before,
              after, network, created_at)
       select case when k = 6 then null else 'bench-staff-' || (1 + (g + k) % 8) end,
              case when k = 6 then 'system' else 'operations' end,
              ${pick(ACTIONS, 'k - 1')}, 'user', 'bench-' || g, 'bench-' || g,
              case when k in (1, 2) then jsonb_build_object('status', 'before') end,
              case when k in (1, 2) then jsonb_build_object('status', 'after') end,
              case when k = 6 then null else '203.0.' || ((g + k) % 256) || '.0/24' end,
              now() - (((g * 7 + k * 37) % 730) || ' days')::interval - (((g + k) % 86400) || ' seconds')::interval
       from generate_series(1, ${customers}) g cross join generate_series(1, 10) k
       where (g + k) % 13 <> 0`,
    );
    // Tracked filings (decision 0051): a Form 5472 per formed company for two tax years at every stage,
    // about one in twelve extended with Form 7004, and a state report for one company in five.
    const FILING_STATUSES = ['questionnaire_sent', 'answered', 'prepared', 'signed', 'submitted', 'done'];
    await run(
      'filings (~2.2 per customer)',
      `insert into filings (user_id, kind, rule_id, item_key, tax_year, status, due_date, status_since, sent_at,
              extended_on, created_at, updated_at)
       select 'bench-' || g, 'form_5472', 'federal_form_5472', 'federal_form_5472:' || (y + 1) || '-04-15', y,
              case when y = 2024 then 'done' else ${pick(FILING_STATUSES, 'g / 3')} end,
              case when g % 12 = 0 then make_date(y + 1, 10, 15) else make_date(y + 1, 4, 15) end,
              make_date(y + 1, 1, 2) + ((g % 100) || ' days')::interval, make_date(y + 1, 1, 2),
              case when g % 12 = 0 then make_date(y + 1, 4, 10) end,
              make_date(y + 1, 1, 2), make_date(y + 1, 1, 2)
       from generate_series(1, ${customers}) g cross join (values (2024), (2025)) as years(y)
       union all
       select 'bench-' || g, 'state_report', 'wyoming_annual_report', 'wyoming_annual_report:2026-' ||
              lpad((1 + g % 12)::text, 2, '0') || '-01', 2026, case when g % 2 = 0 then 'done' else 'open' end,
              make_date(2026, 1 + g % 12, 1), now() - ((g % 300) || ' days')::interval, null, null, now(), now()
       from generate_series(1, ${customers}) g where g % 5 = 0`,
    );
    // VACUUM flushes the trigram indexes' pending lists that a bulk insert leaves behind; until then
    // every search reads them.
    for (const table of [
      'users',
      'user_profiles',
      'company_formations',
      'compliance_schedule',
      'ein_applications',
      'orders',
      'audit_events',
      'filings',
    ]) {
      await run(`vacuum analyze ${table}`, `vacuum analyze ${table}`);
    }
    console.log(`seeded ${customers} customers in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await database.close();
  }
}

await main();
