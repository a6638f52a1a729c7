import { formatTiming } from '../../../shared/catalogue/timing-format';
import type { StageNoticeTemplate } from '../../../shared/features/formations/stage-notices.domain';
import { GRACE_DAYS } from '../../../shared/features/renewals/renewals.domain';
import { translate } from '../../../shared/i18n';
import type { Language } from '../../../shared/i18n/languages';

/** The stage notices (ss4Ready and einIssued among them) are listed in shared/features/formations/stage-notices.domain.ts. */
export type MailTemplate =
  | 'verify'
  | 'reset'
  | StageNoticeTemplate
  | 'supportReply'
  | 'supportNewThread'
  | 'supportReopened'
  | 'orderReceipt'
  /** A deadline of the compliance calendar: the rule's name is `subject`, its details the `excerpt`. */
  | 'complianceReminder'
  /** The account page (decision 0044): the link to the new address, and the notice to the old one. */
  | 'emailChange'
  | 'emailChanged'
  /** Decision 0042: an owner (or the server's CLI) removed the member's second factor. */
  | 'twoFactorReset'
  /** Decision 0070: wrong codes locked the member's app codes out (`date`: the end; the attempts as `excerpt`). */
  | 'twoFactorLocked'
  /** Decision 0043: staff changes, each mailed to the member (or invitee) it affects; `role` is the role's label. */
  | 'staffInvited'
  | 'staffInvitationCancelled'
  | 'staffRoleChanged'
  | 'staffDeactivated'
  | 'staffReactivated'
  /** Renewals (decisions 0053, 0054): the product is `subject`; what renews, the amount and the date the `excerpt`. */
  | 'renewals.notice'
  | 'renewals.grace'
  | 'renewals.lapsed'
  | 'renewals.cancelled'
  | 'renewals.resumed'
  /** Decision 0048: the SSN is purged soon (`date`: the day), and was purged (`date`: today). */
  | 'retention.ssnPurgeSoon'
  | 'retention.ssnPurged'
  /** Decisions 0046 and 0047: the data copy's notice, the erasure link, its refusal and the final mail. */
  | 'privacy.exportDownloaded'
  | 'privacy.erasureConfirm'
  | 'privacy.erasureDeclined'
  | 'privacy.erasureDone'
  /** Decision 0050: staff followed up with the IRS about the customer's EIN (`date`, `outcome`; a shareable note as `excerpt`). */
  | 'einFollowUp'
  /**
   * Tracked filings (decisions 0051, 0052), texts under `mail.filings`: the questionnaire opened and
   * its reminders (`subject` is the tax year), the forms ready to sign, the filing sent, a state report filed,
   * a state tax paid (decision 0072: Delaware's tax is paid, not filed).
   */
  | 'filings.opened'
  | 'filings.reminder'
  | 'filings.prepared'
  | 'filings.submitted'
  | 'filings.stateFiled'
  | 'filings.statePaid'
  /**
   * The mailroom (decision 0086), texts under `mail.mailroom`: a letter arrived, its scan is in the vault, and
   * lawsuit papers (urgent, the same day). `subject` is the kind's name; what it is and what to do the `excerpt`.
   */
  | 'mailroom.received'
  | 'mailroom.scanned'
  | 'mailroom.urgent'
  /** A letter held because no address or agent subscription runs (decision 0089): renew to decide on it. */
  | 'mailroom.held'
  /** Decision 0099: staff posted a paid forwarding (`date`, `tracking`; the address as `excerpt`), or shredded it (`date`). */
  | 'mailroom.forwarded'
  | 'mailroom.shredded';

/**
 * `name` and `url` are in every mail. `subject` (a support thread's subject) may appear in the
 * catalogue's texts; `excerpt` (the first lines of a message) is quoted below the body. Both are typed
 * by users: the HTML escapes them like every other value.
 */
export interface MailVars {
  name: string;
  url: string;
  subject?: string;
  excerpt?: string;
  /** The issued EIN, NN-NNNNNNN (einIssued). */
  ein?: string;
  /** The account's new email address (emailChanged). */
  email?: string;
  /** A staff role's label in the mail's language (the staff mails). */
  role?: string;
  /** A day written out in the mail's language (the retention mails, einFollowUp). */
  date?: string;
  /** The follow-up's outcome in the mail's language (einFollowUp). */
  outcome?: string;
  /** How many wrong codes (twoFactorLocked). */
  count?: string;
  /** A forwarded letter's carrier tracking number (mailroom.forwarded). */
  tracking?: string;
}

/** Mails the user asked for; the others are notices of progress, where "if you did not ask" makes no sense. */
const REQUESTED: ReadonlySet<MailTemplate> = new Set(['verify', 'reset', 'emailChange', 'privacy.erasureConfirm']);

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Catalogue values the mails' texts may interpolate, so a wait or a grace period is never typed into a mail. */
function catalogueVars(lang: Language): Record<string, string> {
  return {
    einWait: formatTiming('ein', lang),
    einFaxWait: formatTiming('einFax', lang),
    graceDays: String(GRACE_DAYS),
  };
}

/** Renders a mail in the recipient's language from the `mail` namespace of the catalogues. */
export function renderMail(template: MailTemplate, lang: Language, vars: MailVars): RenderedMail {
  // A line break in a thread's subject must not become a header line of the mail.
  const safeVars = { ...catalogueVars(lang), ...vars, subject: (vars.subject ?? '').replace(/\s+/g, ' ').trim() };
  const t = (key: string) => translate(lang, `mail.${key}`, safeVars);
  const excerpt = vars.excerpt?.trim() ? vars.excerpt : null;
  const subject = t(`${template}.subject`);
  const requested = REQUESTED.has(template);
  const lines = [
    t('greeting'),
    '',
    t(`${template}.body`),
    '',
    ...(excerpt ? [...excerpt.split(/\r?\n/).map((l) => `> ${l}`), ''] : []),
    vars.url,
    '',
    ...(requested ? [t('ignore'), ''] : []),
    t('signature'),
  ];
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(t('greeting'))}</p>
<p>${escapeHtml(t(`${template}.body`))}</p>
${excerpt ? `<blockquote style="margin:0 0 1em;padding:8px 12px;border-left:3px solid #cbd5e1;color:#334155;white-space:pre-wrap">${escapeHtml(excerpt)}</blockquote>` : ''}
<p><a href="${escapeHtml(vars.url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(t(`${template}.action`))}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(vars.url)}</p>
${requested ? `<p style="font-size:13px;color:#475569">${escapeHtml(t('ignore'))}</p>` : ''}
<p>${escapeHtml(t('signature'))}</p>
</body></html>`;
  return { subject, text: lines.join('\n'), html };
}
