import { translate } from '../../../shared/i18n';
import type { Language } from '../../../shared/i18n/languages';

export type MailTemplate = 'verify' | 'reset' | 'ss4Ready' | 'einIssued';

/** Mails the user asked for; the others are notices of progress, where "if you did not ask" makes no sense. */
const REQUESTED: ReadonlySet<MailTemplate> = new Set(['verify', 'reset']);

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Renders a mail in the recipient's language from the `mail` namespace of the catalogues. */
export function renderMail(template: MailTemplate, lang: Language, vars: { name: string; url: string }): RenderedMail {
  const t = (key: string) => translate(lang, `mail.${key}`, vars);
  const subject = t(`${template}.subject`);
  const requested = REQUESTED.has(template);
  const lines = [
    t('greeting'),
    '',
    t(`${template}.body`),
    '',
    vars.url,
    '',
    ...(requested ? [t('ignore'), ''] : []),
    t('signature'),
  ];
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(t('greeting'))}</p>
<p>${escapeHtml(t(`${template}.body`))}</p>
<p><a href="${escapeHtml(vars.url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(t(`${template}.action`))}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(vars.url)}</p>
${requested ? `<p style="font-size:13px;color:#475569">${escapeHtml(t('ignore'))}</p>` : ''}
<p>${escapeHtml(t('signature'))}</p>
</body></html>`;
  return { subject, text: lines.join('\n'), html };
}
