/**
 * Every action name an audit row can carry (`recordAudit({ action })` on the server), in the groups
 * /admin/audit offers as filters. Each has a label in both languages (`adminAudit.actions.<action>`);
 * tests/unit/audit-actions.test.ts finds the names the server code writes and fails on one missing here.
 * Names of decision 0042's second factor and account page are listed before their code lands, so the
 * audit page labels them from the first row.
 */
export const AUDIT_ACTIONS = [
  // sign-in and the second factor (decision 0042)
  'auth.sign_in',
  'auth.two_factor_failed',
  'auth.two_factor_enabled',
  'auth.two_factor_disabled',
  'auth.two_factor_reset',
  'auth.recovery_code_used',
  // the account page (decision 0044)
  'account.email_changed',
  'account.password_changed',
  'account.sessions_ended',
  // staff (decision 0043)
  'admin.created',
  'staff.invited',
  'staff.invitation_resent',
  'staff.invitation_cancelled',
  'staff.joined',
  'staff.role_changed',
  'staff.deactivated',
  'staff.reactivated',
  // customers
  'user.display_name_changed',
  'document.uploaded',
  'compliance.marked_done',
  'compliance.unmarked',
  // formations
  'formation.created',
  'formation.status_changed',
  'formation.company_set',
  'formation_service.draft_saved',
  'formation_service.checkout_started',
  // EIN
  'ein.created',
  'ein.status_changed',
  'ein.file_uploaded',
  'ein.ssn_revealed',
  'ein.ss4_generated',
  'ein.ss4_generated_used',
  'ein.notes_saved',
  'ein.number_set',
  // EIN follow-ups (decision 0050)
  'ein.follow_up_recorded',
  // tracked filings (decision 0051)
  'filing.stage_changed',
  'filing.extended',
  // the bank catalogue (decision 0085)
  'bank.rule_changed',
  // the mailroom (decision 0086)
  'letter.logged',
  'letter.assigned',
  'letter.scanned',
  'letter.decided',
  // forwarding, the shred date and the customer's mail settings (decision 0089)
  'letter.forward_requested',
  'letter.forward_paid',
  'letter.forward_paid_late',
  'letter.forwarded',
  'letter.shredded',
  'letter.address_saved',
  'letter.rules_saved',
  'letter.ein_taken',
  'letter.expired',
  'letter.support_opened',
  // scans included a month and the extra scan (decision 0099)
  'letter.scan_checkout',
  'letter.scan_paid',
  'letter.scan_paid_late',
  // money and the catalogue
  'order.paid',
  'order.failed',
  'order.cancelled',
  'order.flagged',
  'order.payment_mismatch',
  'order.rechecked',
  'order.replaced',
  'subscription.renewed',
  'subscription.cancelled',
  'subscription.resumed',
  'subscription.lapsed',
  'subscription.ended',
  'subscription.moved',
  'renewal_task.done',
  'service.created',
  'service.updated',
  'service.deleted',
  'service.deactivated',
  'service.scan_allowances_updated',
  // support
  'support.thread_created',
  'support.admin_replied',
  'support.status_changed',
  'support.reopened',
  // short links
  'short_link.created',
  'short_link.updated',
  'short_link.deleted',
  // retention, backup and metrics (decision 0048): the daily sweep, no actor
  'retention.ssn_purged',
  'retention.filing_tax_id_purged',
  'retention.signup_removed',
  // customers' data rights (decisions 0046, 0047)
  'privacy.texts_accepted',
  'privacy.consent_changed',
  'privacy.export_downloaded',
  'privacy.export_produced',
  'privacy.erasure_requested',
  'privacy.erasure_confirmed',
  'privacy.erasure_approved',
  'privacy.erasure_declined',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function isAuditAction(value: string): value is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** The audit list's orders by time. */
export const AUDIT_SORTS = ['newest', 'oldest'] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];
