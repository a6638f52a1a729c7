import { describe, expect, it } from 'vitest';
import { formatUsd } from '../../src/shared/catalogue/money';
import type { CustomerTimelineItem } from '../../src/shared/features/dashboard/timeline.contracts';
import { translate } from '../../src/shared/i18n';
import type { Language } from '../../src/shared/i18n/languages';
import { historySentence } from '../../src/web/features/dashboard/components/historySentence';

function say(lang: Language, item: Partial<CustomerTimelineItem> & Pick<CustomerTimelineItem, 'kind'>) {
  const t = (key: string, vars?: Record<string, unknown>) =>
    translate(lang, key, (vars ?? {}) as Record<string, string | number>);
  return historySentence({ id: 'x', at: '2025-03-04T12:05:00Z', by: 'team', ...item }, t, {
    lang,
    usd: (cents) => formatUsd(cents, lang),
  });
}

describe('the dashboard History sentences', () => {
  it('names stage changes with the status labels of each language', () => {
    const change = { kind: 'formation_status', from: 'preparation', to: 'formation_completed' } as const;
    expect(say('tr', change).text).toBe(
      "Şirket kuruluş durumunuz 'Hazırlık' → 'Kuruluş Tamamlandı' olarak güncellendi",
    );
    expect(say('en', change).text).toBe(
      "Your company formation status changed from 'Preparation' to 'Formation Completed'",
    );
    expect(say('tr', { kind: 'formation_status', from: null, to: 'ein_created' }).text).toBe(
      "Şirket kuruluş durumunuz 'EIN Başvurusu Yapıldı' olarak güncellendi",
    );
    const ein = say('tr', {
      kind: 'ein_status',
      from: 'waiting_for_form',
      to: 'ss4_ready',
      document: { category: 'ss4', fileName: null },
    });
    expect(ein).toEqual({
      text: "EIN başvurunuzun durumu 'Form Bekleniyor' → 'SS-4 Hazır' olarak güncellendi",
      detail: 'Belge: SS-4 Formu',
    });
  });

  it('tells a follow-up with the IRS by its day and outcome, with a shared note only when there is one', () => {
    const followUp = {
      kind: 'ein_follow_up',
      followUp: { kind: 'irs_call', followedUpOn: '2026-11-20', outcome: 'still_processing', note: null },
    } as const;
    expect(say('tr', followUp)).toEqual({
      text: "20 Kasım 2026 tarihinde IRS'i takip ettik",
      detail: 'IRS başvurunun hâlâ işlemde olduğunu söyledi.',
    });
    expect(say('en', { ...followUp, followUp: { ...followUp.followUp, note: 'Two more weeks.' } })).toEqual({
      text: 'We followed up with the IRS on November 20, 2026',
      detail: 'The IRS says the application is still being processed. Note from our team: Two more weeks.',
    });
  });

  it('tells documents from the team and payments', () => {
    const doc = { kind: 'document_added', document: { category: 'ss4', fileName: 'dosya.pdf' } } as const;
    expect(say('tr', doc).text).toBe("Ekibimiz belgelerinize 'SS-4 Formu' ekledi: dosya.pdf");
    expect(say('en', doc).text).toBe("Our team added 'SS-4 Form' to your documents: dosya.pdf");
    const payment = {
      amountCents: 58900,
      currency: 'usd',
      orderKind: 'formation_package',
      title: null,
      titleEn: null,
      packageId: 'formation_with_payment',
    } as const;
    expect(say('tr', { kind: 'payment_paid', by: 'system', payment }).text).toBe(
      `Ödemeniz alındı: Premium paket, ${formatUsd(58900, 'tr')}`,
    );
    expect(say('en', { kind: 'payment_paid', by: 'system', payment }).text).toBe(
      'Payment received: Premium package, $589.00',
    );
    const service = {
      ...payment,
      orderKind: 'service',
      packageId: null,
      title: 'Muhasebe',
      titleEn: 'Bookkeeping',
    } as const;
    expect(say('en', { kind: 'payment_failed', payment: service }).text).toBe('Payment failed: Bookkeeping, $589.00');
    expect(say('tr', { kind: 'payment_failed' }).text).toBe('Ödemeniz gerçekleşmedi');
  });
});
