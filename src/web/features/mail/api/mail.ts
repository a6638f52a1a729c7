import { queryOptions } from '@tanstack/react-query';
import type {
  ForwardingAddressInput,
  LetterDecisionInput,
  LetterList,
  LetterView,
  MailSettings,
  StandingRulesInput,
} from '../../../../shared/features/mail/mail.contracts';
import { api } from '../../../lib/api';

export type { LetterView, MailSettings, ScanAllowanceView } from '../../../../shared/features/mail/mail.contracts';

export const LETTERS_KEY = ['mail', 'letters'] as const;
export const MAIL_SETTINGS_KEY = ['mail', 'settings'] as const;

export const lettersQuery = queryOptions({
  queryKey: LETTERS_KEY,
  queryFn: () => api<LetterList>('GET', '/api/mail/letters'),
  staleTime: 0,
});

export const mailSettingsQuery = queryOptions({
  queryKey: MAIL_SETTINGS_KEY,
  queryFn: () => api<MailSettings>('GET', '/api/mail/settings'),
});

export const decideLetter = (id: string, body: LetterDecisionInput) =>
  api<{ letter: LetterView }>('POST', `/api/mail/letters/${id}/decision`, body);

/** Starts the forwarding's checkout (decision 0089): the answer is the payment page. */
export const forwardLetter = (id: string) => api<{ url: string }>('POST', `/api/mail/letters/${id}/forward`, {});

/** Starts an extra scan's checkout, beyond the month's included scans (decision 0099): the payment page. */
export const payForScan = (id: string) => api<{ url: string }>('POST', `/api/mail/letters/${id}/scan-checkout`, {});

export const saveForwardingAddress = (body: ForwardingAddressInput) =>
  api<MailSettings>('PUT', '/api/mail/settings/address', body);

export const saveStandingRules = (body: StandingRulesInput) =>
  api<MailSettings>('PUT', '/api/mail/settings/rules', body);

/**
 * Letters the dashboard card announces: waiting for the customer's word, held until a renewal
 * (decision 0089), or urgent and not yet shredded.
 */
export function newLetters(list: LetterList | undefined): LetterView[] {
  return (
    list?.letters
      .filter((l) => l.status === 'received' || l.heldReason !== null || (l.urgent && l.status !== 'shredded'))
      .slice(0, 3) ?? []
  );
}
