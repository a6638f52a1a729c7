/**
 * One day's retention sweep (decision 0048) at the bench database's scale, measured without changing
 * it (decision 0059): everything happens inside one transaction that is rolled back, so the other
 * benches, and the next run, find the seed as it was. The sweep's own transactions become savepoints
 * of that one; its mails go into the rolled-back outbox and its file deletions to an empty folder.
 *
 * The seed is not reseeded for this, so the day is prepared here:
 * - SSNs: of the applications issued and still kept, about 1/365 (one day of a year's issues) are the
 *   ones that crossed the RETENTION_SSN_DAYS line last; those are today's cohort. Everything issued
 *   earlier is marked purged as earlier days' sweeps would have left it, and every kept application gets
 *   an SSN (ciphertext, last four) and an SS-4 key, as a real one has.
 * - Abandoned sign-ups: one day's sign-ups (customers / 730, the seed's two years) of which one in ten
 *   never verified, created ABANDONED_SIGNUP_DAYS ago; older unverified accounts count as handled.
 * `tsx scripts/bench/retention-sweep.ts` measures BENCH_DATABASE_URL on its own; `npm run bench` (the
 * sweep part) at a million customers.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { type Db, openDatabase } from '../../src/server/db/client';
import { parseEnv } from '../../src/server/env';
import { encryptSsn } from '../../src/server/features/ein/ein-ssn.service';
import { runRetentionSweep } from '../../src/server/features/retention/retention.service';
import { createMailer } from '../../src/server/platform/mail/outbox';
import { createDiskStorage } from '../../src/server/platform/storage/disk-storage';
import { ABANDONED_SIGNUP_DAYS } from '../../src/shared/features/retention/retention.domain';
import { BENCH_DATABASE_URL } from './bench-db';

export interface SweepFigure {
  customers: number;
  retentionDays: number;
  /** The day's cohort as prepared: applications due, unverified sign-ups due. */
  ssnDue: number;
  signupsDue: number;
  /** What the sweep did. */
  ssnPurged: number;
  signupsRemoved: number;
  noticesQueued: number;
  /** The sweep alone; the preparation (marking the earlier days) is timed apart. */
  sweepMs: number;
  prepareMs: number;
  /** Applications still due after the sweep (0 when it finished the day). */
  leftDue: number;
}

class RolledBack extends Error {}

type Row = Record<string, unknown>;
const rowsOf = async (tx: Db, query: ReturnType<typeof sql>) =>
  ((await tx.execute(query)) as unknown as { rows: Row[] }).rows;

export async function measureRetentionSweep(databaseUrl = BENCH_DATABASE_URL): Promise<SweepFigure> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-sweep-'));
  const logger = pino({ level: 'silent' });
  const env = parseEnv({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    RETENTION_SSN_DAYS: process.env.RETENTION_SSN_DAYS,
    LOG_LEVEL: 'silent',
  });
  const days = env.RETENTION_SSN_DAYS;
  const database = await openDatabase({ databaseUrl });
  let figure: SweepFigure | null = null;
  try {
    await database.db.transaction(async (outer) => {
      const tx = outer as unknown as Db;
      const t0 = Date.now();
      const [counts] = await rowsOf(
        tx,
        sql`select (select count(*)::int from users where role = 'customer') as customers,
                   (select count(*)::int from ein_applications
                     where ein_status = 'ein_issued' and ssn_purged_at is null) as kept`,
      );
      const customers = Number(counts.customers);
      const cohortSize = Math.ceil(Number(counts.kept) / 365);
      const line = sql`now() - make_interval(days => ${days})`;
      // Today's cohort: the kept applications that crossed the line last.
      await tx.execute(sql`create temporary table bench_sweep_cohort on commit drop as
        select id from ein_applications
         where ein_status = 'ein_issued' and ssn_purged_at is null and stage_reached_at <= ${line}
         order by stage_reached_at desc, id desc limit ${cohortSize}`);
      // The earlier days, as their sweeps left them.
      await tx.execute(sql`update ein_applications a
           set ssn_purged_at = a.stage_reached_at + make_interval(days => ${days}),
               responsible_party_ssn_encrypted = null, responsible_party_ssn_last4 = null,
               generated_ss4_key = null, uploaded_ss4_key = null, uploaded_signed_ss4_key = null
         where a.ein_status = 'ein_issued' and a.ssn_purged_at is null and a.stage_reached_at <= ${line}
           and not exists (select 1 from bench_sweep_cohort c where c.id = a.id)`);
      // Every application still kept holds an SSN and its SS-4, as a real one does.
      const ciphertext = encryptSsn('123456789', randomBytes(32).toString('hex'), 'bench');
      await tx.execute(sql`update ein_applications
           set responsible_party_ssn_encrypted = ${ciphertext}, responsible_party_ssn_last4 = '6789',
               generated_ss4_key = 'ss4/' || user_id || '_' || (extract(epoch from stage_reached_at) * 1000)::bigint || '.pdf'
         where ein_status = 'ein_issued' and ssn_purged_at is null`);
      // Abandoned sign-ups: older ones handled, one day's due now.
      const signupLine = sql`now() - make_interval(days => ${ABANDONED_SIGNUP_DAYS})`;
      await tx.execute(sql`update users set email_verified = true
         where role = 'customer' and email_verified = false and created_at < ${signupLine}`);
      const signupsDue = Math.max(1, Math.ceil(customers / 730 / 10));
      await tx.execute(sql`insert into users (id, name, email, email_verified, role, lang, created_at, updated_at)
        select 'bench-sweep-' || g, 'Terk Edilmiş ' || g, 'bench.sweep.' || g || '@example.com', false, 'customer', 'tr',
               ${signupLine} - make_interval(mins => g % 1440), ${signupLine} - make_interval(mins => g % 1440)
          from generate_series(1, ${signupsDue}) g`);
      await tx.execute(sql`insert into user_profiles (id, email, created_at, updated_at)
        select id, email, created_at, updated_at from users where id like 'bench-sweep-%'`);
      const [due] = await rowsOf(tx, sql`select count(*)::int as n from bench_sweep_cohort`);
      const prepareMs = Date.now() - t0;

      const deps = {
        database: { ...database, db: tx },
        env,
        logger,
        mailer: createMailer({ db: tx, transport: null, from: 'Portal <bench@example.com>', logger }),
        storage: createDiskStorage(path.join(dataDir, 'files')),
      };
      const t1 = Date.now();
      const result = await runRetentionSweep(deps);
      const sweepMs = Date.now() - t1;
      const [left] = await rowsOf(
        tx,
        sql`select count(*)::int as n from ein_applications
             where ein_status = 'ein_issued' and ssn_purged_at is null and stage_reached_at <= ${line}`,
      );
      figure = {
        customers,
        retentionDays: days,
        ssnDue: Number(due.n),
        signupsDue,
        ...result,
        sweepMs,
        prepareMs,
        leftDue: Number(left.n),
      };
      throw new RolledBack();
    });
  } catch (err) {
    if (!(err instanceof RolledBack)) throw err;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (!figure) throw new Error('the sweep was not measured');
  return figure;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await measureRetentionSweep());
}
