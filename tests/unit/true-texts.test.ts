import { describe, expect, it } from 'vitest';
import { renderMail } from '../../src/server/platform/mail/templates';
import { SIGNED_FORM_UPLOAD_KINDS } from '../../src/shared/domain/files';
import { reminderCadenceVars } from '../../src/shared/domain/reminder-cadence';
import { stateItemAct } from '../../src/shared/domain/state-item-act';
import { GRACE_DAYS, NOTICE_OFFSETS } from '../../src/shared/features/renewals/renewals.domain';
import { catalogues, translate } from '../../src/shared/i18n';

/*
 * Decision 0072, the second copy pass: the texts where a founder decides about money and deadlines say only what
 * the code does. Each test names the false claim it keeps out.
 */

const LANGS = ['tr', 'en'] as const;

/** A text as the catalogue holds it, its variables not filled. */
function raw(lang: (typeof LANGS)[number], key: string): string {
  const node = key
    .split('.')
    .reduce<unknown>((n, part) => (n as Record<string, unknown> | undefined)?.[part], catalogues[lang]);
  if (typeof node !== 'string') throw new Error(`no text at ${key}`);
  return node;
}
const card = { product: 'Kayıtlı temsilci', date: '21 Mart 2031', amount: '$125', graceDate: '4 Nisan 2031' };

describe('renewals never sound automatic', () => {
  it('the card says the period ends and continues only if the customer renews', () => {
    const tr = translate('tr', 'renewals.card.body', card);
    expect(tr).not.toMatch(/yenilenir/);
    expect(tr).toContain('yenilemezseniz');
    expect(tr).toContain('sona erer');
    const en = translate('en', 'renewals.card.body', card);
    expect(en).not.toMatch(/\brenews on\b/);
    expect(en).toMatch(/only if you renew/);
    expect(en).toContain('ends on 21 Mart 2031');
    for (const lang of LANGS) expect(translate(lang, 'renewals.card.body', card)).toContain('$125');
  });

  it('undoing a cancellation does not promise a renewal', () => {
    for (const lang of LANGS) {
      const mail = renderMail('renewals.resumed', lang, { name: 'A', url: 'https://x', subject: 'S' });
      expect(mail.subject).not.toMatch(/yenilenecek|Renewing again/i);
      expect(mail.text).toMatch(/yalnızca portalda yenilerseniz|only if you renew it in the portal/);
    }
  });
});

describe('grace and lapse', () => {
  it('the grace texts read the days from GRACE_DAYS, and say the service runs on', () => {
    for (const lang of LANGS) {
      for (const key of ['mail.renewals.grace.body', 'renewals.card.grace']) {
        // Typed days would drift from the code: the raw text holds no number, only the variable.
        expect(raw(lang, key), key).toContain('{{graceDays}}');
        expect(raw(lang, key), key).not.toMatch(/\d/);
      }
      const mail = renderMail('renewals.grace', lang, { name: 'A', url: 'https://x', subject: 'S' });
      expect(mail.text).toContain(String(GRACE_DAYS));
      expect(mail.text).not.toMatch(/sona erdi\.|period below ended\./);
      expect(translate(lang, 'renewals.card.grace', { ...card, graceDays: GRACE_DAYS })).toContain(String(GRACE_DAYS));
    }
  });

  it('the lapsed agent line names the resignation, the dissolution and a new registered agent', () => {
    expect(translate('tr', 'renewals.mail.agentResigned')).toMatch(
      /çekiliyoruz.*feshedebilir.*yeni bir kayıtlı temsilci atayın/,
    );
    expect(translate('en', 'renewals.mail.agentResigned')).toMatch(
      /resign as your registered agent.*dissolve.*appoint a new registered agent/,
    );
  });

  it('every date in a renewal mail is named: period end and the last day of grace, never a bare "Date:"', () => {
    expect(translate('tr', 'renewals.mail.periodEnd', { date: 'X' })).toBe('Dönem sonu: X');
    expect(translate('tr', 'renewals.mail.graceEnd', { date: 'X' })).toBe('Ek sürenin son günü: X');
    expect(translate('en', 'renewals.mail.periodEnd', { date: 'X' })).toBe('End of period: X');
    expect(translate('en', 'renewals.mail.graceEnd', { date: 'X' })).toBe('Last day of grace: X');
    for (const lang of LANGS) expect(translate(lang, 'renewals.mail.date', { date: 'X' })).toBe('renewals.mail.date');
  });
});

describe('the reminder cadence is the code’s', () => {
  it('the calendar card says 60, 30 and 7 days, and 30 and 7 for the agent renewal, from the constants', () => {
    expect(translate('tr', 'compliance.card.intro', reminderCadenceVars('tr'))).toContain(
      '60, 30 ve 7 gün önce size e-posta göndeririz; kayıtlı temsilci yenilemesi için dönem sonundan 30 ve 7 gün önce',
    );
    expect(translate('en', 'compliance.card.intro', reminderCadenceVars('en'))).toContain(
      'We email you 60, 30 and 7 days before each deadline, and 30 and 7 days before the end of the registered agent period',
    );
    expect(reminderCadenceVars('en').agentOffsets).toBe(NOTICE_OFFSETS.join(' and '));
    for (const lang of LANGS) expect(raw(lang, 'compliance.card.intro')).not.toMatch(/\d/);
  });
});

describe('the yearly filing', () => {
  it('the 5472 mail says single-member, and that two or more members file Form 1065', () => {
    const tr = translate('tr', 'mail.filings.opened.body', { subject: '2026' });
    expect(tr).toContain('tek üyeli');
    expect(tr).toContain('Form 1065');
    const en = translate('en', 'mail.filings.opened.body', { subject: '2026' });
    expect(en).toContain('single-member');
    expect(en).toContain('Form 1065');
    expect(en).not.toMatch(/Every foreign-owned LLC/);
  });

  it('signed forms are one scanned PDF, on both forms and on the server', () => {
    expect(SIGNED_FORM_UPLOAD_KINDS).toEqual(['pdf']);
    for (const lang of LANGS) {
      expect(translate(lang, 'filings.sign.body')).not.toMatch(/fotoğraflay|photograph them/);
      expect(translate(lang, 'filings.sign.file')).toMatch(/PDF/);
      expect(translate(lang, 'filings.sign.file')).not.toMatch(/JPG|PNG/);
    }
  });

  it("Delaware's tax is paid, not filed", () => {
    expect(stateItemAct('delaware_llc_annual_tax')).toBe('paid');
    expect(stateItemAct('wyoming_annual_report')).toBe('filed');
    expect(translate('en', 'compliance.admin.paid.markFiled')).toBe('Mark paid');
    expect(translate('tr', 'compliance.admin.paid.markFiled')).toBe('Ödendi olarak işaretle');
    expect(renderMail('filings.statePaid', 'en', { name: 'A', url: 'https://x', subject: 'S' }).subject).toBe(
      'Paid: S',
    );
  });
});

describe('the formation stage agrees with the EIN card', () => {
  it('does not say the IRS is awaited while the SS-4 may still need signing', () => {
    for (const lang of LANGS) {
      expect(translate(lang, 'dashboard.stageTimeline.waitsFor.formation.ein_created')).not.toMatch(/IRS/);
    }
  });
});
