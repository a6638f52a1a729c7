/**
 * `npm run bench:seed [-- --customers N]`: fills the benchmark database (bench-db.ts) with N customers
 * (1,000,000 by default), each with a profile and a formation, EIN applications for 30% of them and
 * about 700,000 orders, eight staff members and about ten audit rows per customer, sign-ups spread over
 * two years with their stage history, support threads for one customer in four and the home's daily
 * rollups (decision 0056), with Turkish names and business names so that the folded search has real work to do. Generated in
 * SQL (generate_series), so a million customers take minutes, not hours. Existing bench data is
 * replaced.
 */
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client';
import { writeBankRollups } from '../../src/server/features/bank-readiness/bank-rollups.service';
import { writeMailRollups } from '../../src/server/features/mail/mail-rollups.service';
import { writeOverviewRollups } from '../../src/server/features/overview/overview-rollups.service';
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
/**
 * Customer g's sign-up: spread over two years, more of them recent (a growing business, so the home's
 * charts have a shape); the rows that follow a sign-up (formation, application, orders, threads) come
 * days after it, never after now.
 */
const SIGNED_UP = `(now() - ((730 * 86400 * (1 - sqrt((g % 100003)::float8 / 100003)))::bigint || ' seconds')::interval)`;
const AFTER_SIGNUP = (days: string) => `least(now(), ${SIGNED_UP} + make_interval(days => ${days}))`;

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
    await run(
      'clear the bench database',
      'truncate users, services, short_links, audit_events, mail_outbox, overview_daily, mail_daily, bank_daily, daily_rollup_days, letter_counts cascade',
    );
    const name = `${pick(FIRST, 'g')} || ' ' || ${pick(LAST, 'g / 40')}`;
    // ascii local part: "ayse.yilmaz.123456@gmail.com"
    const email = `lower(translate(${pick(FIRST, 'g')} || '.' || ${pick(LAST, 'g / 40')}, 'İIıŞşĞğÜüÖöÇç', 'iiissgguuoocc')) || '.' || g || '@' || ${pick(DOMAINS, 'g / 7')}`;
    await run(
      `users (${customers})`,
      `insert into users (id, name, email, email_verified, role, lang, created_at, updated_at)
       select 'bench-' || g, ${name}, ${email}, true, 'customer',
              case when g % 5 = 0 then 'en' else 'tr' end,
              ${SIGNED_UP}, ${SIGNED_UP}
       from generate_series(1, ${customers}) g`,
    );
    await run(
      'user_profiles',
      `insert into user_profiles (id, email, display_name, utm_source, short_link_slug, created_at, updated_at)
       select 'bench-' || g, ${email},
              case when g % 3 = 0 then ${name} end,
              case when g % 4 = 0 then 'instagram' when g % 7 = 0 then 'google' when g % 11 = 0 then 'newsletter' end,
              case when g % 9 = 0 then 'bahar-kampanya' when g % 13 = 0 then 'yt-video' end,
              ${SIGNED_UP}, ${SIGNED_UP}
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
              ${AFTER_SIGNUP('1')}, now() - ((g % 86400) || ' seconds')::interval
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
              ${pick(EIN, 'g / 17')}, ${AFTER_SIGNUP('3')}, now()
       from generate_series(1, ${customers}) g where g % 10 < 3`,
    );
    // The stage history the home's IRS clock and the customers' expected waits read: each application
    // passed through its stages up to its status with realistic waits (days for the form, weeks at the
    // IRS); the formations past preparation completed one to four weeks in. A stage (or a payment) whose
    // time falls after now has not happened yet: clamping it to now piled some 60,000 stage changes and
    // 26,000 payments on today, which no real day has, and made the home's live "today" read them all.
    await run(
      'stage_history (EIN)',
      `insert into stage_history (user_id, kind, stage, reached_at)
       select a.user_id, 'ein', (array['waiting_for_form','ss4_ready','ss4_uploaded','submitted_to_irs','ein_issued'])[s],
              least(now(), a.created_at + case s
                when 1 then interval '0'
                when 2 then make_interval(days => 1 + h % 5)
                when 3 then make_interval(days => 1 + h % 5 + h % 3, hours => 6)
                when 4 then make_interval(days => 2 + h % 5 + h % 3 + h % 4, hours => 6)
                else make_interval(days => 2 + h % 5 + h % 3 + h % 4 + 18 + h % 45, hours => 6) end)
       from (select user_id, created_at, ein_status, abs(hashtext(user_id)) as h from ein_applications) a
       cross join generate_series(1, 5) s
       where s <= array_position(array['waiting_for_form','ss4_ready','ss4_uploaded','submitted_to_irs','ein_issued'], a.ein_status);
       update ein_applications a set stage_reached_at = h.reached_at
       from stage_history h where h.user_id = a.user_id and h.kind = 'ein' and h.stage = a.ein_status;
       delete from stage_history where kind = 'ein' and reached_at = now()`,
    );
    await run(
      'stage_history (formations)',
      `insert into stage_history (user_id, kind, stage, reached_at)
       select f.user_id, 'formation', 'preparation', f.created_at from company_formations f;
       insert into stage_history (user_id, kind, stage, reached_at)
       select f.user_id, 'formation', 'formation_completed',
              least(now(), f.created_at + make_interval(days => 7 + abs(hashtext(f.user_id)) % 21))
       from company_formations f where f.formation_status <> 'preparation';
       delete from stage_history where kind = 'formation' and reached_at = now()`,
    );
    // Renewals (decisions 0053, 0054): every formed company's agent and every paid private address, as
    // migration 0020 makes them; then a spread of statuses for the desk's views (some cancelled this month
    // with a reason, some lapsed, some in grace, some agents renewed a year early).
    await run('subscriptions', 'select subscriptions_sync(current_date, 12500, 10000)');
    await run(
      'subscription statuses',
      `update subscriptions set status = 'cancelled', cancelled_at = now() - ((hashtext(id::text) & 7) || ' days')::interval,
              cancel_reason = (array['too_expensive', 'closing_company', 'other_provider', 'not_needed', 'other'])[1 + (hashtext(id::text) & 3)]
        where hashtext(id::text) % 23 = 0;
       update subscriptions set status = 'lapsed', lapsed_at = now(),
              period_end = current_date - 20 - (hashtext(id::text) & 63), period_start = current_date - 385 - (hashtext(id::text) & 63)
        where hashtext(id::text) % 29 = 1;
       update subscriptions set status = 'renewal_due', period_end = current_date - (hashtext(id::text) & 13),
              period_start = current_date - 365 - (hashtext(id::text) & 13)
        where hashtext(id::text) % 31 = 2;
       update subscriptions set period_start = period_end, period_end = (period_end + interval '1 year')::date
        where product = 'registered_agent' and status = 'active' and hashtext(id::text) % 37 = 3;
       insert into subscription_events (subscription_id, user_id, kind, period_end)
       select id, user_id, 'renewed', period_end from subscriptions
        where product = 'registered_agent' and status = 'active' and hashtext(id::text) % 37 = 3`,
    );
    // The deadlines desk's agent rows follow the subscriptions (migration 0027, decision 0057): the ones
    // just moved into grace or lapsed are past, and the daily roll removes them, as it would each day.
    await run('roll compliance_schedule after the subscriptions', 'select compliance_schedule_roll(current_date)');
    // Items marked done (decision 0020), as a portal in use has them: six in ten of the occurrences that
    // passed in the last year, a few of the coming ones ahead of their date. Without them the deadlines
    // desk and the home's deadlines panel measured their "not done" test against an empty table.
    await run(
      'compliance_marks',
      `insert into compliance_marks (user_id, item_key, done_by_role, done_at)
       select s.user_id, s.rule_id || ':' || p.passed::text, 'customer', least(now(), p.passed + interval '3 days')
       from compliance_schedule s
       cross join lateral (select compliance_occurrence(s.rule_id, s.formed_on,
         extract(year from s.due_date)::int - 1) as passed) p
       where p.passed < current_date and p.passed > s.formed_on and abs(hashtext(s.user_id || s.rule_id)) % 10 < 6
       union all
       select s.user_id, s.rule_id || ':' || s.due_date::text, 'customer', now() - interval '1 day'
       from compliance_schedule s
       where s.due_date >= current_date and abs(hashtext(s.user_id || s.rule_id)) % 20 = 7
       on conflict do nothing`,
    );
    // Bank applications (decision 0084): one customer in two recorded an answer; one answer in five is a
    // refusal, with one of four typed reasons. The home's bank panel groups them.
    await run(
      'bank_applications',
      `insert into bank_applications (user_id, provider, outcome, reason, decided_on, created_at)
       select u.id, (array['mercury','relay','wise','payoneer','airwallex','stripe'])[1 + abs(hashtext(u.id)) % 6],
         (array['approved','approved','approved','more_info','refused'])[1 + abs(hashtext(u.id || 'o')) % 5],
         case when abs(hashtext(u.id || 'o')) % 5 = 4 then (array['Business description too vague',
           'Owner must have a US address','Registered agent address not accepted','Website empty'])[1 + abs(hashtext(u.id || 'r')) % 4] end,
         current_date - abs(hashtext(u.id)) % 365, now() - (abs(hashtext(u.id)) % 365) * interval '1 day'
       from users u where u.role = 'customer' and abs(hashtext(u.id || 'b')) % 2 = 0`,
    );
    // Mailing addresses (decision 0092): one customer in fifty replaced theirs in the last 150 days, so the
    // deadlines desk and the reminders (decision 0100) have Form 8822-B items to read among a million.
    await run(
      'bank_addresses (mailing changes, 2%)',
      `insert into bank_addresses (user_id, role, kind, country, line1, city, region, postal_code, form_8822b_changed_on)
       select u.id, 'mailing', 'virtual', 'US', (abs(hashtext(u.id)) % 900 + 100) || ' Main St', 'Sheridan', 'WY', '82801',
         current_date - abs(hashtext(u.id || 'm')) % 150
       from users u where u.role = 'customer' and abs(hashtext(u.id || 'a')) % 50 = 0`,
    );
    // Letters (decisions 0086, 0089): about three per customer over a year, most scanned within a day of
    // arriving, a few waiting for the customer's word or paid for forwarding; one in a thousand unmatched.
    await run(
      'letters',
      `insert into letters (user_id, envelope_name, sender, kind, letter_date, received_on, pages, status,
         scanned_at, created_at, updated_at)
       select case when l.h % 1000 = 0 then null else l.user_id end, l.envelope, 'irs',
         (array['cp575','letter147c','cp215','cp15','cp2000','unknown'])[1 + l.h % 6],
         current_date - l.h % 365 - 5, current_date - l.h % 365, 1 + l.h % 12, l.status,
         case when l.status = 'scanned' then l.logged + (l.h % 40) * interval '1 hour' end, l.logged, l.logged
       from (
         select u.id as user_id, upper(coalesce(u.name, 'LLC')) as envelope, abs(hashtext(u.id || n::text)) as h,
           (array['scanned','scanned','scanned','scanned','scanned','received','held','shred_requested','to_forward',
             'forwarded'])[1 + abs(hashtext(u.id || n::text || 's')) % 10] as status,
           now() - (abs(hashtext(u.id || n::text)) % 365) * interval '1 day' as logged
         from users u cross join generate_series(1, 3) n where u.role = 'customer'
       ) l`,
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
    // Support threads for the home's care panel: one customer in four asks once; staff answer most
    // within hours, some after a day or two; a few recent ones wait.
    await run(
      'support_threads + messages (25%)',
      `insert into support_threads (user_id, subject, status, created_at, last_message_at)
       select 'bench-' || g, 'Soru ' || g,
              case when g % 50 = 0 then 'open' else 'resolved' end,
              ${AFTER_SIGNUP('g % 20')}, ${AFTER_SIGNUP('g % 20')}
       from generate_series(1, ${customers}) g where g % 4 = 0;
       insert into support_messages (thread_id, user_id, message, is_admin_reply, created_at)
       select t.id, t.user_id, 'Merhaba, bir sorum var.', false, t.created_at from support_threads t;
       insert into support_messages (thread_id, user_id, message, is_admin_reply, created_at)
       select t.id, 'bench-staff-4', 'Yanıtımız ektedir.', true,
              t.created_at + make_interval(mins => 10 + abs(hashtext(t.user_id)) % (60 * 40))
       from support_threads t where t.status <> 'open'`,
    );
    await run(
      'short_links',
      `insert into short_links (slug, original_url, click_count, utm_source) values
         ('bahar-kampanya', 'https://portal.example/signup', ${customers} * 3, 'instagram'),
         ('yt-video', 'https://portal.example/signup', ${customers} * 2, 'youtube')`,
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
              ${AFTER_SIGNUP('2 + g % 10')},
              ${AFTER_SIGNUP('2 + g % 10')} - (g % 3600 || ' seconds')::interval,
              ${AFTER_SIGNUP('2 + g % 10')}
       from generate_series(1, ${customers}) g where g % 2 = 0;
       insert into orders (user_id, kind, title, title_en, amount_cents, status, provider, paid_at, created_at, updated_at)
       select 'bench-' || g, 'service', 'ITIN başvurusu', 'ITIN application', 19999,
              ${pick(['paid', 'paid', 'pending', 'cancelled'], 'g / 23')},
              case when g % 89 = 0 then 'local' else 'stripe' end,
              ${AFTER_SIGNUP('5 + g % 60')},
              ${AFTER_SIGNUP('5 + g % 60')} - (g % 7200 || ' seconds')::interval,
              ${AFTER_SIGNUP('5 + g % 60')}
       from generate_series(1, ${customers}) g where g % 5 = 1;
       update orders set status = 'pending', paid_at = null where paid_at = now()`,
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
      'compliance_marks',
      'ein_applications',
      'orders',
      'subscriptions',
      'audit_events',
      'stage_history',
      'ein_stage_waits',
      'support_threads',
      'support_messages',
      'filings',
      'letters',
      'bank_applications',
      'bank_addresses',
    ]) {
      await run(`vacuum analyze ${table}`, `vacuum analyze ${table}`);
    }
    // The daily run's rollups for the home (decision 0056), as a portal running for two years has them.
    const t0 = Date.now();
    const rolled = await writeOverviewRollups(database.db, new Date().toISOString().slice(0, 10));
    console.log(`overview rollups ${rolled?.from} – ${rolled?.to}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    // The mail and bank panels' rollups (decision 0103), written by the same daily run.
    for (const [name, write] of [
      ['mail', writeMailRollups],
      ['bank', writeBankRollups],
    ] as const) {
      const t1 = Date.now();
      const days = await write(database.db, new Date().toISOString().slice(0, 10));
      console.log(`${name} rollups ${days?.from} – ${days?.to}: ${((Date.now() - t1) / 1000).toFixed(1)} s`);
    }
    console.log(`seeded ${customers} customers in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await database.close();
  }
}

await main();
