import { REMINDER_OFFSETS_DAYS } from '../catalogue/compliance';
import { NOTICE_OFFSETS } from '../features/renewals/renewals.domain';
import type { Language } from '../i18n/languages';
import { joinList } from '../i18n/list';

/**
 * The days before a deadline we mail, as the texts say them (`compliance.card.intro`): read from the
 * reminder run's and the renewal notices' own constants, so a text never promises a cadence the code
 * does not keep. The agent renewal has its own (decision 0053), not the calendar's.
 */
export function reminderCadenceVars(lang: Language): { offsets: string; agentOffsets: string } {
  return { offsets: joinList(REMINDER_OFFSETS_DAYS, lang), agentOffsets: joinList(NOTICE_OFFSETS, lang) };
}
