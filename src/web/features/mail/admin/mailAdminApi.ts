import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { DeskLetter, MailCompanyList, MailDeskList, MailDeskQueue } from '../../../../shared/contracts/mail';
import { api } from '../../../lib/api';
import { upload } from '../../../lib/upload';

export type { DeskLetter, MailCompany, MailDeskQueue } from '../../../../shared/contracts/mail';

export const MAIL_DESK_QUEUES: readonly MailDeskQueue[] = ['all', 'unmatched', 'to_scan', 'waiting'];
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
