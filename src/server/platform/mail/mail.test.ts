import { eq } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/support/test-db';
import { STAGE_NOTICE_TEMPLATES } from '../../../shared/features/formations/stage-notices.domain';
import { type Database, openDatabase } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { createMailer, MAIL_CLAIM_LEASE_MS, MAX_MAIL_ATTEMPTS, retryDelaySeconds } from './outbox';
import { renderMail } from './templates';
import { createSmtpTransport } from './transport';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP peer on a random local port; `failNext` makes it refuse the next n messages. */
async function startSmtp() {
  const received: Received[] = [];
  let failNext = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        if (failNext > 0) {
          failNext -= 1;
          const err = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
          return callback(err);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failTimes(n: number) {
      failNext = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let database: Database;
let drop: () => Promise<void>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  const t = await createTestDatabase();
  drop = t.drop;
  database = await openDatabase(t.options);
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp?.close();
  await database?.close();
  await drop?.();
});

describe('mail templates', () => {
  it('renders in the recipient language and escapes values in HTML', () => {
    const tr = renderMail('reset', 'tr', { name: 'Ayşe <b>', url: 'https://x.test/r?token=a&b=1' });
    const en = renderMail('reset', 'en', { name: 'Ayşe', url: 'https://x.test/r' });
    expect(tr.subject).toBe('Şifre sıfırlama isteği');
    expect(en.subject).toBe('Password reset request');
    expect(tr.html).not.toContain('<b>');
    expect(tr.html).toContain('token=a&#38;b=1');
    expect(tr.text).toContain('Merhaba Ayşe <b>,');
  });

  it.each(['verify', 'reset', ...STAGE_NOTICE_TEMPLATES, 'orderReceipt'] as const)(
    "escapes the user's name in the HTML of the %s mail, in both languages",
    (template) => {
      for (const lang of ['tr', 'en'] as const) {
        const { html, subject } = renderMail(template, lang, {
          name: '<img src=x onerror=alert(1)>"Ayşe"',
          url: 'https://portal.test/x',
        });
        expect(html).not.toContain('<img');
        expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
        expect(subject).not.toContain('<img');
      }
    },
  );
});

describe('the receipt', () => {
  it("names the item in the subject and lists the payment's details, escaped, in both languages", () => {
    const excerpt = 'Item: <b>ITIN</b>\nAmount paid: $249.00';
    const en = renderMail('orderReceipt', 'en', {
      name: 'Ayşe',
      url: 'https://p.test/dashboard',
      subject: 'ITIN',
      excerpt,
    });
    const tr = renderMail('orderReceipt', 'tr', {
      name: 'Ayşe',
      url: 'https://p.test/dashboard',
      subject: 'ITIN',
      excerpt,
    });
    expect(en.subject).toBe('Payment receipt: ITIN');
    expect(tr.subject).toBe('Ödeme makbuzu: ITIN');
    expect(en.text).toContain('> Amount paid: $249.00');
    expect(en.html).toContain('&#60;b&#62;ITIN');
  });
});

describe('mail outbox over SMTP', () => {
  it('delivers a queued mail to a real SMTP server and marks it sent', async () => {
    const mailer = createMailer({
      db: database.db,
      transport: createSmtpTransport(smtp.url),
      from: 'Portal <no-reply@portal.test>',
      logger,
    });
    await mailer.enqueue({
      to: 'ayse@example.com',
      template: 'verify',
      lang: 'en',
      vars: { name: 'Ayşe', url: 'https://portal.test/v?token=1' },
    });
    expect(await mailer.drain()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual(['ayse@example.com']);
    expect(smtp.received[0].from).toBe('no-reply@portal.test');
    expect(smtp.received[0].raw).toContain('Subject: Verify your email address');
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ayse@example.com'));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    // The outbox row's id is the Message-ID, the same on every attempt.
    expect(smtp.received[0].raw).toMatch(new RegExp(`Message-ID: <${row.id}@portal\\.test>`, 'i'));
    // Once delivered, the link in it is no longer kept readable (it was readable at /dev/mail).
    expect(row.text).toBe('');
    expect(row.html).toBe('');
    await mailer.stop();
  });

  it('takes again a mail whose claim is older than the lease (its worker died mid-send)', async () => {
    const mailer = createMailer({
      db: database.db,
      transport: createSmtpTransport(smtp.url),
      from: 'p@portal.test',
      logger,
    });
    for (const to of ['stale@example.com', 'fresh@example.com']) {
      await mailer.enqueue({ to, template: 'reset', lang: 'tr', vars: { name: 'A', url: 'https://p/r' } });
    }
    const ago = (ms: number) => new Date(Date.now() - ms);
    await database.db
      .update(mailOutbox)
      .set({ status: 'sending', claimedAt: ago(MAIL_CLAIM_LEASE_MS + 60_000) })
      .where(eq(mailOutbox.to, 'stale@example.com'));
    await database.db
      .update(mailOutbox)
      .set({ status: 'sending', claimedAt: ago(30_000) })
      .where(eq(mailOutbox.to, 'fresh@example.com'));
    const before = smtp.received.length;
    expect(await mailer.drain()).toBe(1);
    expect(smtp.received.slice(before).map((m) => m.to[0])).toEqual(['stale@example.com']);
    const [stale] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'stale@example.com'));
    const [fresh] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'fresh@example.com'));
    expect(stale.status).toBe('sent');
    expect(fresh.status).toBe('sending');
    await mailer.stop();
  });

  it('keeps a refused mail queued with a later retry, then sends it', async () => {
    const mailer = createMailer({
      db: database.db,
      transport: createSmtpTransport(smtp.url),
      from: 'p@portal.test',
      logger,
    });
    smtp.failTimes(1);
    const before = smtp.received.length;
    await mailer.enqueue({
      to: 'retry@example.com',
      template: 'reset',
      lang: 'tr',
      vars: { name: 'A', url: 'https://p/r' },
    });
    await mailer.drain();
    let [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'retry@example.com'));
    expect(row.status).toBe('queued');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/451|unavailable/i);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 5_000);
    // Not due yet: a drain now sends nothing.
    expect(await mailer.drain()).toBe(0);
    await database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, row.id));
    await mailer.drain();
    [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'retry@example.com'));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.length).toBe(before + 1);
    await mailer.stop();
  });

  it('gives up after the last attempt', async () => {
    const mailer = createMailer({
      db: database.db,
      transport: createSmtpTransport(smtp.url),
      from: 'p@portal.test',
      logger,
    });
    await mailer.enqueue({
      to: 'dead@example.com',
      template: 'reset',
      lang: 'tr',
      vars: { name: 'A', url: 'https://p/r' },
    });
    await database.db
      .update(mailOutbox)
      .set({ attempts: MAX_MAIL_ATTEMPTS - 1 })
      .where(eq(mailOutbox.to, 'dead@example.com'));
    smtp.failTimes(1);
    await mailer.drain();
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'dead@example.com'));
    expect(row.status).toBe('failed');
    await mailer.stop();
  });

  it('stores mail for /dev/mail when no SMTP is configured', async () => {
    const mailer = createMailer({ db: database.db, transport: null, from: 'p@portal.test', logger });
    await mailer.enqueue({
      to: 'outbox@example.com',
      template: 'verify',
      lang: 'tr',
      vars: { name: 'A', url: 'https://p/v' },
    });
    await mailer.drain();
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'outbox@example.com'));
    expect(row.status).toBe('stored');
  });

  it('backs off exponentially up to an hour', () => {
    expect(retryDelaySeconds(1)).toBe(10);
    expect(retryDelaySeconds(2)).toBe(40);
    expect(retryDelaySeconds(10)).toBe(3600);
  });
});
