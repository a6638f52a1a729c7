import { queryOptions } from '@tanstack/react-query';
import type { LetterDecisionInput, LetterList, LetterView } from '../../../../shared/contracts/mail';
import { api } from '../../../lib/api';

export type { LetterView } from '../../../../shared/contracts/mail';

export const LETTERS_KEY = ['mail', 'letters'] as const;

export const lettersQuery = queryOptions({
  queryKey: LETTERS_KEY,
  queryFn: () => api<LetterList>('GET', '/api/mail/letters'),
  staleTime: 0,
});

export const decideLetter = (id: string, body: LetterDecisionInput) =>
  api<{ letter: LetterView }>('POST', `/api/mail/letters/${id}/decision`, body);

/** Letters the dashboard card announces: waiting for the customer's word, or urgent and not yet shredded. */
export function newLetters(list: LetterList | undefined): LetterView[] {
  return (
    list?.letters.filter((l) => l.status === 'received' || (l.urgent && l.status !== 'shredded')).slice(0, 3) ?? []
  );
}
