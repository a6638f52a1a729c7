import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { AddressOption, PackageId } from '../../../../shared/catalogue/packages';
import type { EinStatus } from '../../../../shared/domain/ein';
import type { FormationStatus } from '../../../../shared/domain/formation';
import type { FormationPaymentStatus, OrderFlag } from '../../../../shared/domain/orders';
import type { Role } from '../../../../shared/domain/roles';
import type { AdminFormationExportFormat, AdminFormationSort } from '../../../../shared/schemas/admin-formations';
import { api } from '../../../lib/api';
import { downloadCsv } from '../../../lib/download';
import type { AdminOrder } from './orders';
import type { AdminUserDocument } from './users';
import { USERS_KEY } from './users';

/** AdminFormation of the API contract. */
export interface AdminFormation {
  id: string;
  userId: string;
  customerEmail: string;
  customerName: string | null;
  businessName: string | null;
  stateSelected: string | null;
  formationStatus: FormationStatus;
  paymentStatus: FormationPaymentStatus;
  preference: 'service' | 'self';
  createdAt: string;
  updatedAt: string;
  /** The day the state approved the filing (YYYY-MM-DD); null until staff set it. */
  formedOn: string | null;
  stateFileNumber: string | null;
  einApplication: { id: string; einStatus: EinStatus } | null;
  /** What the turnkey request bought: the paid order's package and address (decision 0032). */
  purchase: { packageId: PackageId; addressOption: AddressOption; testMode: boolean } | null;
  /** A paid order that did not buy the request, for staff to resolve. */
  orderFlag: OrderFlag | null;
}

export interface FormationListParams {
  page: number;
  sort: AdminFormationSort;
  status: FormationStatus | null;
  q: string;
}

export interface FormationListResponse {
  items: AdminFormation[];
  total: number;
  /** false: `total` is the database's estimate of a very large unfiltered table. */
  totalExact: boolean;
  page: number;
  pageSize: number;
}

export interface FormationTimelineEntry {
  id: string;
  action: string;
  entityType: string;
  entityId: string;
  actor: { id: string | null; role: string | null; name: string | null; email: string | null };
  changes: Array<{ field: string; from: string | null; to: string | null }>;
  at: string;
}

/** CustomerFile of the API contract: everything about the customer behind one formation. */
export interface FormationCustomerFile {
  profile: {
    userId: string;
    name: string;
    displayName: string | null;
    email: string;
    lang: 'tr' | 'en';
    role: Role;
    utmSource: string | null;
    utmMedium: string | null;
    utmCampaign: string | null;
    shortLinkSlug: string | null;
    signedUpAt: string;
  };
  formation: {
    id: string;
    preference: 'service' | 'self';
    phoneNumber: string | null;
    businessMotivation: string | null;
    businessAddressPreference: 'shared_address' | 'private_address' | null;
    formationStatus: FormationStatus;
    paymentStatus: FormationPaymentStatus;
    businessName: string | null;
    stateSelected: string | null;
    createdAt: string;
    updatedAt: string;
    formedOn: string | null;
    stateFileNumber: string | null;
  };
  turnkeyRequest: {
    id: string;
    packageSelected: string | null;
    stateType: string | null;
    stateSelected: string | null;
    businessAddress: string | null;
    /** The order that bought the request; package and address are then that order's. */
    paidOrderId: string | null;
    documentsReady: boolean;
    paymentStatus: string;
    createdAt: string;
    updatedAt: string;
  } | null;
  einApplication: {
    id: string;
    status: string;
    einStatus: EinStatus;
    businessName: string;
    /** Nine digits once issued. */
    ein: string | null;
    createdAt: string;
    updatedAt: string;
  } | null;
  documents: AdminUserDocument[];
  orders: AdminOrder[];
  supportThreads: Array<{
    id: string;
    subject: string;
    status: 'open' | 'in_progress' | 'resolved' | 'closed';
    lastMessageAt: string;
    createdAt: string;
  }>;
  timeline: FormationTimelineEntry[];
}

export const FORMATIONS_PAGE_SIZE = 20;
const BASE = '/api/admin/formations';
/** Every admin formations query starts with this key, so one invalidation refreshes list and files. */
export const FORMATIONS_KEY = ['admin', 'formations'] as const;

function filterSearch(params: Omit<FormationListParams, 'page'>): URLSearchParams {
  const search = new URLSearchParams({ sort: params.sort });
  if (params.status) search.set('status', params.status);
  if (params.q) search.set('q', params.q);
  return search;
}

export function formationListQuery(params: FormationListParams) {
  const search = filterSearch(params);
  search.set('page', String(params.page));
  search.set('pageSize', String(FORMATIONS_PAGE_SIZE));
  return queryOptions({
    queryKey: [...FORMATIONS_KEY, 'list', params],
    queryFn: () => api<FormationListResponse>('GET', `${BASE}?${search}`),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * The customer file. Kept under the users key too: the reused documents, orders and support cards
 * invalidate that key after an upload or a re-check, and the timeline must show what they did.
 */
export function formationFileQuery(id: string) {
  return queryOptions({
    queryKey: [...USERS_KEY, 'formation-file', id],
    queryFn: () =>
      api<{ file: FormationCustomerFile }>('GET', `${BASE}/${encodeURIComponent(id)}/file`).then((r) => r.file),
    staleTime: 0,
  });
}

export const setFormationStatus = (id: string, formationStatus: FormationStatus) =>
  api<{ formation: AdminFormation }>('PUT', `${BASE}/${encodeURIComponent(id)}/status`, { formationStatus }).then(
    (r) => r.formation,
  );

/** Issue 13: the formation date and state file number; a null file number clears it. */
export const setFormationCompany = (id: string, body: { formedOn: string; stateFileNumber: string | null }) =>
  api<{ formation: AdminFormation }>('PUT', `${BASE}/${encodeURIComponent(id)}/company`, body).then((r) => r.formation);

/** After a status change: refetch every list page and every open customer file. */
export function useApplyFormationChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: FORMATIONS_KEY });
    void queryClient.invalidateQueries({ queryKey: [...USERS_KEY] });
  };
}

/**
 * Downloads the current filter's formations (all pages) as the server streams them, then hands the
 * file to the browser under the server's name (formations-YYYY-MM-DD.csv).
 */
export function downloadFormationsCsv(
  params: Omit<FormationListParams, 'page'>,
  format: AdminFormationExportFormat,
): Promise<string> {
  const search = filterSearch(params);
  if (format !== 'csv') search.set('format', format);
  return downloadCsv(`${BASE}/export.csv?${search}`, 'formations.csv');
}
