import { type Permission, ROLE_PERMISSIONS } from '../../domain/permissions';
import type { Role } from '../../domain/roles';
import { LEGAL_TEXTS, OPTIONAL_CONSENTS } from '../privacy/privacy.domain';
import type { AuditAction } from './audit.domain';
import { isAuditAction } from './audit.domain';

/*
 * What a reader sees of an audit row (decision 0069). An audit row's before/after hold whatever the
 * writer found worth keeping: an EIN desk's internal note, a renewal task's note, storage keys. Each
 * reader gets the fields declared for them here and nothing else:
 *
 * - the customer the row is about: the rows their own History shows (and so their data copy), with only
 *   the fields that History needs;
 * - staff, in the customer file: each field names the one permission that reads it at its own desk
 *   (an EIN note needs ein.read, a renewal task note renewals.read); a field not named here reaches
 *   staff only through the audit trail;
 * - the audit trail's reader (audit.read), who sees whole rows, the network included: the one reader
 *   with the widest list, so /admin/audit keeps full rows.
 *
 * The table is a Record over every action, so a new action does not compile until it says who reads what.
 */

/** The widest reader: /admin/audit and anyone holding its permission see whole rows, network included. */
export const AUDIT_TRAIL_PERMISSION: Permission = 'audit.read';

/** The permission that opens the customer file at all: a field staff of every desk may read. */
const FILE: Permission = 'formations.read';

export interface AuditReadRule {
  /** The fields of before/after the customer reads on their own History; null: the row is not shown to them. */
  customer: readonly string[] | null;
  /** Each field staff may read in the customer file, with the permission that reads it. */
  staff: Readonly<Record<string, Permission>>;
}

/** `fields` each read with `permission`. */
function by(permission: Permission, ...fields: string[]): Record<string, Permission> {
  return Object.fromEntries(fields.map((f) => [f, permission]));
}

/** Rows about no customer (the catalogue, short links, staff invitations): the audit trail only. */
const TRAIL_ONLY: AuditReadRule = { customer: null, staff: {} };
const noFields = (customer: readonly string[] | null = null): AuditReadRule => ({ customer, staff: {} });

const EIN_STATUS = by(FILE, 'einStatus', 'ein');
const ORDER_FIELDS = by(
  'orders.read',
  'source',
  'sessionId',
  'paymentId',
  'amountCents',
  'amountTotal',
  'currency',
  'flag',
  'status',
  'replacedBy',
  'boughtWith',
  'subscriptionId',
  'renewsFrom',
);
const SUBSCRIPTION_FIELDS = by('renewals.read', 'status', 'periodStart', 'periodEnd', 'orderId', 'reason');
const FILING_FIELDS = by('filings.read', 'status', 'kind', 'ruleId', 'taxYear', 'filedOn', 'dueDate', 'extendedOn');
const STAFF_FIELDS = by('staff.manage', 'role', 'via', 'invitation', 'active');

export const AUDIT_READERS = {
  'auth.sign_in': { customer: null, staff: by(FILE, 'method') },
  'auth.two_factor_failed': { customer: null, staff: by(FILE, 'purpose') },
  'auth.two_factor_enabled': noFields(),
  'auth.two_factor_disabled': noFields(),
  'auth.two_factor_reset': noFields(),
  'auth.recovery_code_used': { customer: null, staff: by(FILE, 'purpose') },
  'account.email_changed': { customer: null, staff: by('users.read', 'email') },
  'account.password_changed': { customer: null, staff: by(FILE, 'sessionsEnded') },
  'account.sessions_ended': { customer: null, staff: by(FILE, 'ended', 'which') },
  'admin.created': { customer: null, staff: STAFF_FIELDS },
  'staff.invited': TRAIL_ONLY,
  'staff.invitation_resent': TRAIL_ONLY,
  'staff.invitation_cancelled': TRAIL_ONLY,
  'staff.joined': { customer: null, staff: STAFF_FIELDS },
  'staff.role_changed': { customer: null, staff: STAFF_FIELDS },
  'staff.deactivated': { customer: null, staff: STAFF_FIELDS },
  'staff.reactivated': { customer: null, staff: STAFF_FIELDS },
  'user.display_name_changed': { customer: null, staff: by('users.read', 'displayName') },
  // The storage key is the vault's business; the file's name and kind are on the customer file's list.
  'document.uploaded': {
    customer: ['category', 'fileName'],
    staff: { ...by(FILE, 'category', 'fileName', 'size', 'uploadedBy'), ...by('documents.read', 'file') },
  },
  'compliance.marked_done': { customer: null, staff: by('deadlines.read', 'done') },
  'compliance.unmarked': { customer: null, staff: by('deadlines.read', 'done') },
  'formation.created': {
    customer: ['formationStatus'],
    staff: by(FILE, 'formationStatus', 'companyFormationPreference', 'businessAddressPreference'),
  },
  'formation.status_changed': {
    customer: ['formationStatus'],
    staff: by(FILE, 'formationStatus', 'stateSelected', 'businessName', 'paymentStatus'),
  },
  'formation.company_set': { customer: null, staff: by(FILE, 'formedOn', 'stateFileNumber') },
  'formation_service.draft_saved': {
    customer: null,
    staff: by(FILE, 'packageSelected', 'stateType', 'stateSelected', 'businessAddress'),
  },
  'formation_service.checkout_started': {
    customer: null,
    staff: by(FILE, 'packageSelected', 'stateSelected', 'businessAddress'),
  },
  'ein.created': {
    customer: ['einStatus', 'status'],
    staff: {
      ...by(FILE, 'einStatus', 'status'),
      ...by('ein.read', 'isForeignApplicant', 'articlesOfOrganization', 'registeredAgentInvoice'),
    },
  },
  'ein.status_changed': { customer: ['einStatus'], staff: EIN_STATUS },
  'ein.file_uploaded': {
    customer: ['einStatus', 'upload'],
    staff: { ...EIN_STATUS, ...by(FILE, 'upload'), ...by('ein.read', 'file') },
  },
  'ein.ssn_revealed': { customer: null, staff: { ...EIN_STATUS, ...by('ein.read', 'hadSsn') } },
  'ein.ss4_generated': { customer: null, staff: { ...EIN_STATUS, ...by('ein.read', 'generatedSs4') } },
  'ein.ss4_generated_used': {
    customer: null,
    staff: { ...EIN_STATUS, ...by('ein.read', 'generatedSs4', 'preparedSs4') },
  },
  // The EIN desk's internal note: its own desk reads it, no other (finance opens the file, not the desk).
  'ein.notes_saved': { customer: null, staff: { ...EIN_STATUS, ...by('ein.read', 'adminNotes') } },
  'ein.number_set': { customer: null, staff: EIN_STATUS },
  // The row carries a note only when staff shared it with the customer (ein-follow-ups.service).
  'ein.follow_up_recorded': {
    customer: ['kind', 'outcome', 'followedUpOn', 'noteShareable', 'note'],
    staff: by('ein.read', 'followUpId', 'kind', 'outcome', 'followedUpOn', 'noteShareable', 'note'),
  },
  'filing.stage_changed': {
    customer: ['status', 'kind', 'ruleId', 'taxYear'],
    staff: { ...FILING_FIELDS, ...by('orders.read', 'orderId') },
  },
  'filing.extended': { customer: ['dueDate', 'kind', 'ruleId', 'taxYear'], staff: FILING_FIELDS },
  // The customer's History shows the amount from their own order row, not from the audit row.
  'order.paid': { customer: [], staff: ORDER_FIELDS },
  'order.failed': { customer: [], staff: ORDER_FIELDS },
  'order.cancelled': { customer: null, staff: ORDER_FIELDS },
  'order.flagged': { customer: null, staff: ORDER_FIELDS },
  'order.payment_mismatch': { customer: null, staff: ORDER_FIELDS },
  'order.rechecked': { customer: null, staff: ORDER_FIELDS },
  'order.replaced': { customer: null, staff: ORDER_FIELDS },
  'subscription.renewed': { customer: null, staff: SUBSCRIPTION_FIELDS },
  'subscription.cancelled': { customer: null, staff: SUBSCRIPTION_FIELDS },
  'subscription.resumed': { customer: null, staff: SUBSCRIPTION_FIELDS },
  'subscription.lapsed': { customer: null, staff: SUBSCRIPTION_FIELDS },
  'subscription.ended': { customer: null, staff: SUBSCRIPTION_FIELDS },
  'subscription.moved': { customer: null, staff: SUBSCRIPTION_FIELDS },
  // A renewal task's note is the renewals desk's working note.
  // The mailroom (decision 0086): what the desk shows of a letter anyway.
  'letter.logged': { customer: null, staff: by('mail.read', 'kind', 'sender', 'pages', 'status', 'urgent') },
  'letter.assigned': { customer: null, staff: by('mail.read', 'userId') },
  'letter.scanned': { customer: null, staff: by('mail.read', 'status') },
  'letter.decided': { customer: null, staff: by('mail.read', 'status', 'decision') },
  // Decision 0089: the desk shows the order, the tracking number and the days anyway; the address itself
  // is never in the trail (its save records the country only).
  'letter.forward_requested': {
    customer: null,
    staff: by('mail.read', 'status', 'orderId', 'serviceId', 'amountCents'),
  },
  'letter.forward_paid': { customer: null, staff: by('mail.read', 'status', 'orderId') },
  'letter.forward_paid_late': { customer: null, staff: by('mail.read', 'status', 'orderId') },
  'letter.forwarded': { customer: null, staff: by('mail.read', 'status', 'trackingNumber', 'forwardedOn') },
  'letter.shredded': { customer: null, staff: by('mail.read', 'status', 'shreddedOn') },
  'letter.address_saved': { customer: null, staff: by('mail.read', 'country') },
  'letter.rules_saved': { customer: null, staff: by('mail.read', 'scanGovernment', 'shredAdvertising') },
  'letter.ein_taken': { customer: null, staff: by('mail.read', 'applicationId', 'kind') },
  'letter.expired': { customer: null, staff: by('mail.read', 'status', 'deleted') },
  'letter.support_opened': { customer: null, staff: by('mail.read', 'threadId', 'kind') },
  // Decision 0099: the extra scan's order and price, as a forwarding's.
  'letter.scan_checkout': { customer: null, staff: by('mail.read', 'status', 'orderId', 'serviceId', 'amountCents') },
  'letter.scan_paid': { customer: null, staff: by('mail.read', 'status', 'orderId') },
  'letter.scan_paid_late': { customer: null, staff: by('mail.read', 'status', 'orderId') },
  'renewal_task.done': { customer: null, staff: by('renewals.read', 'doneOn', 'note') },
  'service.created': TRAIL_ONLY,
  'service.updated': TRAIL_ONLY,
  'bank.rule_changed': TRAIL_ONLY,
  'service.deleted': TRAIL_ONLY,
  'service.deactivated': TRAIL_ONLY,
  'service.scan_allowances_updated': TRAIL_ONLY,
  'support.thread_created': {
    customer: null,
    staff: by('support.read', 'subject', 'status', 'messageId', 'attachment', 'customerMailed'),
  },
  'support.admin_replied': {
    customer: null,
    staff: by('support.read', 'status', 'lastMessageAt', 'messageId', 'attachment', 'customerMailed'),
  },
  'support.status_changed': { customer: null, staff: by('support.read', 'status') },
  'support.reopened': { customer: null, staff: by('support.read', 'status', 'messageId') },
  'short_link.created': TRAIL_ONLY,
  'short_link.updated': TRAIL_ONLY,
  'short_link.deleted': TRAIL_ONLY,
  'retention.ssn_purged': {
    customer: null,
    staff: by('ein.read', 'ssnStored', 'files', 'ssnPurgedAt', 'retentionDays'),
  },
  'retention.filing_tax_id_purged': { customer: null, staff: by('filings.read', 'taxYear', 'doneAt', 'purgedAt') },
  'retention.signup_removed': TRAIL_ONLY,
  'privacy.texts_accepted': { customer: null, staff: by('users.read', ...LEGAL_TEXTS) },
  'privacy.consent_changed': { customer: null, staff: by('users.read', ...OPTIONAL_CONSENTS) },
  'privacy.export_downloaded': noFields(),
  'privacy.export_produced': noFields(),
  'privacy.erasure_requested': noFields(),
  'privacy.erasure_confirmed': { customer: null, staff: by('privacy.manage', 'dueOn') },
  // Paper at the US address shredded with the erasure, and the letters' ids on it (decision 0089).
  'privacy.erasure_approved': { customer: null, staff: by('privacy.manage', 'files', 'paperShredded', 'letters') },
  'privacy.erasure_declined': noFields(),
} as const satisfies Record<AuditAction, AuditReadRule>;

/** The actions whose rows the customer's own History shows. */
export const CUSTOMER_AUDIT_ACTIONS: readonly AuditAction[] = (Object.keys(AUDIT_READERS) as AuditAction[]).filter(
  (action) => AUDIT_READERS[action].customer !== null,
);

/** Who reads: the customer the row is about, or a member of staff with their role's permissions. */
export type AuditReader = Role;

/** `reader` sees whole rows (before, after and network). */
export function readsWholeAuditRows(reader: AuditReader): boolean {
  return ROLE_PERMISSIONS[reader].includes(AUDIT_TRAIL_PERMISSION);
}

/** The fields of one side of a row `reader` may read; anything not an object gives null. */
function pick(value: unknown, allowed: (field: string) => boolean): Record<string, unknown> | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  return Object.fromEntries(Object.entries(value).filter(([field]) => allowed(field)));
}

export interface AuditRowSides {
  action: string;
  before: unknown;
  after: unknown;
  network?: string | null;
}

/**
 * What `reader` sees of one audit row: before and after cut to the declared fields, and the network only
 * for the audit trail's reader. An action not in the table (an old row) shows its sides to the trail's
 * reader only.
 */
export function auditRowFor<T extends AuditRowSides>(row: T, reader: AuditReader): T {
  if (readsWholeAuditRows(reader)) return row;
  const rule: AuditReadRule | undefined = isAuditAction(row.action) ? AUDIT_READERS[row.action] : undefined;
  let allowed: (field: string) => boolean = () => false;
  if (rule && reader === 'customer') {
    const fields = rule.customer ?? [];
    allowed = (field) => fields.includes(field);
  } else if (rule) {
    const held = ROLE_PERMISSIONS[reader];
    allowed = (field) => Object.hasOwn(rule.staff, field) && held.includes(rule.staff[field]);
  }
  const seen = { ...row, before: pick(row.before, allowed), after: pick(row.after, allowed) };
  if ('network' in row) seen.network = null;
  return seen;
}
