import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  DeskLetter,
  LetterForwardedInput,
  LetterShreddedInput,
  MailCompanyList,
  MailDeskList,
  MailDeskQueue,
} from '../../../../shared/features/mail/mail.contracts';
import type { ExportFormat } from '../../../../shared/schemas/list-query';
import { api } from '../../../lib/api';
import { downloadCsv } from '../../../lib/download';
import { upload } from '../../../lib/upload';

export type { DeskLetter, MailCompany, MailDeskQueue } from '../../../../shared/features/mail/mail.contracts';

export const MAIL_DESK_QUEUES: readonly MailDeskQueue[] = [
  'all',
  'unmatched',
  'to_scan',
  'waiting',
  'to_forward',
  'to_shred',
  'held',
];
export const MAIL_PAGE_SIZE = 20;
const BASE = '/api/admin/mail';
export const MAIL_DESK_KEY = ['admin', 'mail'] as const;

export function mailDeskQuery(queue: MailDeskQueue, q: string, page: number) {
  const search = new URLSearchParams({ queue, page: String(page), pageSize: String(MAIL_PAGE_SIZE) });
  if (q) search.set('q', q);
  return queryOptions({
    queryKey: [...MAIL_DESK_KEY, 'list', queue, q, page],
    queryFn: () => api<MailDeskList>('GET', `${BASE}/letters?${search}`),
    placeholderData: keepPreviousData,
  });
}

export const findCompanies = (q: string) =>
  api<MailCompanyList>('GET', `${BASE}/companies?${new URLSearchParams({ q })}`).then((r) => r.companies);

export const logLetter = (form: FormData) => upload<{ letter: DeskLetter }>('POST', `${BASE}/letters`, form);

export const assignLetter = (id: string, userId: string) =>
  api<{ letter: DeskLetter }>('POST', `${BASE}/letters/${id}/assign`, { userId });

export function scanLetter(id: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return upload<{ letter: DeskLetter }>('POST', `${BASE}/letters/${id}/scan`, form);
}

export const markForwarded = (id: string, body: LetterForwardedInput) =>
  api<{ letter: DeskLetter }>('POST', `${BASE}/letters/${id}/forwarded`, body);

export const markShredded = (id: string, body: LetterShreddedInput) =>
  api<{ letter: DeskLetter }>('POST', `${BASE}/letters/${id}/shredded`, body);

/** The queue and search's letters (all pages) as a file (decision 0080). */
export function downloadMailCsv(queue: MailDeskQueue, q: string, format: ExportFormat): Promise<string> {
  const search = new URLSearchParams({ queue });
  if (q) search.set('q', q);
  if (format !== 'csv') search.set('format', format);
  return downloadCsv(`${BASE}/letters/export.csv?${search}`, 'letters.csv');
}

export const takeEin = (id: string, ein: string) =>
  api<{ letter: DeskLetter }>('POST', `${BASE}/letters/${id}/ein`, { ein });
