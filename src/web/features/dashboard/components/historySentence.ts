import type { CustomerTimelineItem } from '../../../../shared/features/dashboard/timeline.contracts';
import { formatCalendarDate, formatCalendarDateLong } from '../../../../shared/format/dates';
import type { Language } from '../../../../shared/i18n/languages';

type T = (key: string, vars?: Record<string, unknown>) => string;

function stageLabel(item: CustomerTimelineItem, status: string, t: T): string {
  const group = item.kind.startsWith('ein_') ? 'einStatus' : 'formationStatus';
  return t(`catalogue.${group}.${status}`);
}

/** What a payment was for: a package by its catalogue name, a service by its title at purchase. */
function paymentName(payment: NonNullable<CustomerTimelineItem['payment']>, t: T, lang: Language): string {
  if (payment.orderKind === 'formation_package' && payment.packageId) {
    return t('payments.order.package', { name: t(`catalogue.packages.${payment.packageId}.name`) });
  }
  return (lang === 'en' && payment.titleEn) || payment.title || t('payments.order.service');
}

/** The item as one sentence in the UI language, plus an optional second line (a document with a step). */
export function historySentence(
  item: CustomerTimelineItem,
  t: T,
  fmt: { lang: Language; usd: (cents: number) => string },
): { text: string; detail: string | null } {
  const k = (key: string, vars?: Record<string, unknown>) => t(`dashboard.history.item.${key}`, vars);
  const to = item.to ? stageLabel(item, item.to, t) : '';
  const from = item.from ? stageLabel(item, item.from, t) : '';
  const category = item.document ? t(`catalogue.documentCategory.${item.document.category}`) : '';
  switch (item.kind) {
    case 'formation_started':
      return { text: k('formationStarted', { to }), detail: null };
    case 'ein_submitted':
      return { text: k('einSubmitted', { to }), detail: null };
    case 'formation_status':
    case 'ein_status': {
      const base = item.kind === 'ein_status' ? 'einStatus' : 'formationStatus';
      return {
        text: from ? k(base, { from, to }) : k(`${base}To`, { to }),
        detail: item.document ? k('withDocument', { category }) : null,
      };
    }
    case 'document_added': {
      const base = item.by === 'team' ? 'documentByTeam' : 'document';
      const fileName = item.document?.fileName;
      return { text: fileName ? k(base, { category, fileName }) : k(`${base}NoName`, { category }), detail: null };
    }
    case 'filing_stage':
    case 'filing_extended': {
      const f = item.filing;
      if (!f) return { text: '', detail: null };
      const filing =
        f.kind === 'form_5472'
          ? t('filings.title5472', { year: f.taxYear })
          : t('filings.titleState', { rule: t(`compliance.rules.${f.ruleId}.name`), year: f.taxYear });
      return item.kind === 'filing_stage'
        ? { text: k('filingStage', { filing, stage: t(`filings.stages.${f.stage}`) }), detail: null }
        : {
            text: k('filingExtended', { filing, date: f.dueDate ? formatCalendarDate(f.dueDate, fmt.lang) : '' }),
            detail: null,
          };
    }
    case 'payment_paid':
    case 'payment_failed': {
      const base = item.kind === 'payment_paid' ? 'paymentPaid' : 'paymentFailed';
      const p = item.payment;
      return {
        text: p ? k(base, { name: paymentName(p, t, fmt.lang), amount: fmt.usd(p.amountCents) }) : k(`${base}NoDetail`),
        detail: null,
      };
    }
    case 'ein_follow_up': {
      // Decision 0050: the day and the outcome; a note only when staff shared it (the server sends no other).
      const f = item.followUp;
      if (!f) return { text: k('einStatusTo', { to: t('catalogue.einStatus.submitted_to_irs') }), detail: null };
      const outcome = t(`einFollowUps.outcome.${f.outcome}`);
      const date = formatCalendarDateLong(f.followedUpOn, fmt.lang);
      return {
        text: t('einFollowUps.history.item', { date }),
        detail: f.note ? `${outcome} ${t('einFollowUps.customer.note', { note: f.note })}` : outcome,
      };
    }
  }
}
