import type { NoticeKind } from '../legal/data-we-keep';

/**
 * The personal-data registry (decision 0077): one entry per kind of personal data the portal keeps, per
 * table (per column or stored-file kind where it matters), each saying what the data copy, erasure,
 * retention and the privacy notice do with it. The notice's "The data we keep" list is generated from
 * it; tests hold every claim to the code: a table with a user reference that no entry declares fails,
 * a ZIP without the file an entry names fails, a row left after an erasure that claims "delete" fails,
 * a kind missing from the notice in either language fails.
 *
 * Each entry names the feature folder that owns the data, so the list can be split into one
 * manifest per feature without rewriting an entry. Tables are named as in SQL, so the web (which
 * renders the notice) needs nothing from the server.
 */

/** The data copy's JSON files (privacy-export.service.ts), and the folders its stored files go in. */
export const EXPORT_FILES = [
  'profile.json',
  'consents.json',
  'formation.json',
  'turnkey-request.json',
  'ein-application.json',
  'orders.json',
  'support-threads.json',
  'documents.json',
  'compliance-items.json',
  'history.json',
  'feedback.json',
  'ein-follow-ups.json',
  'filings.json',
  'subscriptions.json',
  'letters.json',
  'files/documents/',
  'files/support/',
  'files/mail/',
] as const;
export type ExportFile = (typeof EXPORT_FILES)[number];

/** Where the data sits: a table (the column that names the user, if the table has one) or a stored-file kind. */
export type PersonalDataStore =
  | {
      table: string;
      /** The columns holding the personal data, or every column. */
      columns: readonly string[] | 'all';
      /** The column equal to the user's id; null where the rows are reached through a parent row. */
      userColumn: string | null;
    }
  | { files: string; columns?: never; userColumn?: never };

export type ExportClaim = { file: ExportFile } | { excluded: string };

export type ErasureClaim =
  | { does: 'delete' }
  /** The row stays (`reason`); these columns lose every personal value. */
  | { does: 'anonymise'; columns: readonly string[]; reason: string }
  | { does: 'keep'; reason: string };

export interface RetentionClaim {
  /** How long it is kept. */
  period: string;
  /** What removes it when the period ends: a sweep (named), or null when only erasure does. */
  sweep: string | null;
}

export interface PersonalDataEntry {
  /** The feature folder (src/server/features/<feature>) that owns the data. */
  feature: string;
  store: PersonalDataStore;
  /** What it is, for the reader of this list. */
  what: string;
  export: ExportClaim;
  erasure: ErasureClaim;
  retention: RetentionClaim;
  /** The notice's line that names it (src/shared/legal/data-we-keep.ts). */
  notice: NoticeKind;
}

const WHILE_OPEN: RetentionClaim = { period: 'while the account is open', sweep: null };
const ACCOUNTING: RetentionClaim = {
  period: 'as tax and commercial law require (generally 10 years), without personal fields after erasure',
  sweep: null,
};
const ABANDONED =
  'retention: accounts never verified, with no formation and no order, ABANDONED_SIGNUP_DAYS after sign-up';
const SSN_SWEEP = 'retention: RETENTION_SSN_DAYS after the EIN is issued (decision 0048)';
const FILING_NUMBERS_SWEEP = 'retention: RETENTION_SSN_DAYS after the filing is done (decisions 0058, 0077)';

const t = (table: string, columns: readonly string[] | 'all' = 'all', userColumn: string | null = 'user_id') => ({
  table,
  columns,
  userColumn,
});

export const PERSONAL_DATA = [
  // Account and sign-in
  {
    feature: 'auth',
    store: t('users', ['name', 'email', 'image', 'lang'], 'id'),
    what: 'the account: name, email, language',
    export: { file: 'profile.json' },
    erasure: {
      does: 'anonymise',
      columns: ['name', 'email', 'image'],
      reason: 'the id stays so that kept orders and audit rows point at one erased account',
    },
    retention: { period: 'while the account is open', sweep: ABANDONED },
    notice: 'account',
  },
  {
    feature: 'auth',
    store: t('accounts', ['password']),
    what: 'the password, as a one-way hash',
    export: { excluded: 'a password hash is a secret, not information about the person' },
    erasure: { does: 'delete' },
    retention: WHILE_OPEN,
    notice: 'account',
  },
  {
    feature: 'auth',
    store: t('sessions', ['ip_address', 'network', 'user_agent', 'created_at', 'last_seen_at']),
    what: 'devices and sign-in records: browser, IP address, network, when opened and last seen',
    export: { file: 'profile.json' },
    erasure: { does: 'delete' },
    retention: { period: 'until sign-out, expiry or the device is removed on /account', sweep: null },
    notice: 'devices',
  },
  {
    feature: 'auth',
    store: t('verifications', ['identifier', 'value'], null),
    what: 'pending sign-up and password-reset links, naming the email address',
    export: { excluded: 'one-time links, secret and short-lived' },
    erasure: { does: 'delete' },
    retention: { period: 'until used or expired', sweep: null },
    notice: 'security',
  },
  {
    feature: 'two-factor',
    store: t('two_factors', ['secret_encrypted']),
    what: 'the second factor key, encrypted',
    export: { excluded: 'a secret key, not information about the person' },
    erasure: { does: 'delete' },
    retention: WHILE_OPEN,
    notice: 'security',
  },
  {
    feature: 'two-factor',
    store: t('two_factor_limits', ['failures', 'day_failures', 'lockouts', 'locked_until']),
    what: 'counts of wrong second-factor codes and the lockout they started (decision 0070)',
    export: { excluded: 'a security counter the portal keeps, not data the member gave' },
    erasure: { does: 'delete' },
    retention: { period: 'while the account is open; it starts over after a day without failures', sweep: null },
    notice: 'security',
  },
  {
    feature: 'two-factor',
    store: t('recovery_codes', ['code_hash']),
    what: 'recovery codes, as hashes',
    export: { excluded: 'secrets' },
    erasure: { does: 'delete' },
    retention: WHILE_OPEN,
    notice: 'security',
  },
  {
    feature: 'account',
    store: t('email_changes', ['new_email']),
    what: 'a pending email change with the new address',
    export: { excluded: 'a pending one-time change; the address in force is in profile.json' },
    erasure: { does: 'delete' },
    retention: { period: 'until confirmed or expired', sweep: null },
    notice: 'security',
  },
  {
    feature: 'compliance',
    store: t('calendar_feeds', ['token_hash']),
    what: 'the calendar subscription link, as a hash',
    export: { excluded: 'a secret link' },
    erasure: { does: 'delete' },
    retention: WHILE_OPEN,
    notice: 'security',
  },
  {
    feature: 'auth',
    store: t('rate_limit_counters', ['key'], null),
    what: 'attempt counters whose keys may name the email address',
    export: { excluded: 'counters that expire within the hour' },
    erasure: { does: 'delete' },
    retention: { period: 'the limit’s window', sweep: null },
    notice: 'security',
  },
  {
    feature: 'auth',
    store: t(
      'user_profiles',
      ['email', 'display_name', 'utm_source', 'utm_medium', 'utm_campaign', 'short_link_slug'],
      'id',
    ),
    what: 'the profile and where the customer came from: UTM parameters and the short link',
    export: { file: 'profile.json' },
    erasure: { does: 'delete' },
    retention: { period: 'while the account is open', sweep: ABANDONED },
    notice: 'attribution',
  },
  // Formation
  {
    feature: 'formations',
    store: t('company_formations', 'all'),
    what: 'the formation: choices, company details, phone number, guide answers',
    export: { file: 'formation.json' },
    erasure: { does: 'delete' },
    retention: WHILE_OPEN,
    notice: 'formation',
  },
  {
    feature: 'compliance',
    store: t('compliance_schedule', ['rule_id', 'due_date'], null),
    what: 'the compliance calendar of the formation (with its search text)',
    export: { file: 'compliance-items.json' },
    erasure: { does: 'delete' },
    retention: WHILE_OPEN,
    notice: 'formation',
  },
  {
    feature: 'compliance',
    store: t('compliance_marks', 'all'),
    what: 'the calendar items marked done, and by whom',
    export: { file: 'compliance-items.json' },
    erasure: { does: 'delete' },
    retention: WHILE_OPEN,
    notice: 'formation',
  },
  {
    feature: 'turnkey',
    store: t('formation_service_requests', 'all'),
    what: 'the turnkey formation request: company names, address, members',
    export: { file: 'turnkey-request.json' },
    erasure: { does: 'delete' },
    retention: WHILE_OPEN,
    notice: 'formation',
  },
  {
    feature: 'feedback',
    store: t('formation_feedback', 'all'),
    what: 'feedback on the formation guide',
    export: { file: 'feedback.json' },
    erasure: { does: 'delete' },
    retention: WHILE_OPEN,
    notice: 'formation',
  },
  {
    feature: 'feedback',
    store: t('bank_account_feedback', 'all'),
    what: 'feedback on the bank guide',
    export: { file: 'feedback.json' },
    erasure: { does: 'delete' },
    retention: WHILE_OPEN,
    notice: 'formation',
  },
  {
    feature: 'feedback',
    store: t('business_address_feedback', 'all'),
    what: 'feedback on the address guide',
    export: { file: 'feedback.json' },
    erasure: { does: 'delete' },
    retention: WHILE_OPEN,
    notice: 'formation',
  },
  // EIN
  {
    feature: 'ein',
    store: t('ein_applications', [
      'business_name',
      'email',
      'responsible_party_name',
      'responsible_party_phone',
      'admin_notes',
    ]),
    what: 'the EIN application: company and responsible party details',
    export: { file: 'ein-application.json' },
    erasure: { does: 'delete' },
    retention: WHILE_OPEN,
    notice: 'ein',
  },
  {
    feature: 'ein',
    store: t('ein_applications', ['responsible_party_ssn_encrypted', 'responsible_party_ssn_last4']),
    what: 'the responsible party’s SSN, encrypted, and its last four',
    export: { file: 'ein-application.json' },
    erasure: { does: 'delete' },
    retention: { period: 'RETENTION_SSN_DAYS after the EIN is issued', sweep: SSN_SWEEP },
    notice: 'ein',
  },
  {
    feature: 'ein',
    store: t('ein_follow_ups', 'all'),
    what: 'follow-ups with the IRS about the application (the note only when shareable in the copy)',
    export: { file: 'ein-follow-ups.json' },
    erasure: { does: 'delete' },
    retention: WHILE_OPEN,
    notice: 'ein',
  },
  {
    feature: 'ein',
    store: { files: 'ein-application' },
    what: 'the application’s files: articles, agent invoice, SS-4 (prepared, generated, signed), EIN letter (in the copy with the vault’s files; one the vault does not hold goes to files/ein-application/)',
    export: { file: 'files/documents/' },
    erasure: { does: 'delete' },
    retention: {
      period: 'the SS-4 files RETENTION_SSN_DAYS after the EIN is issued; the rest while open',
      sweep: SSN_SWEEP,
    },
    notice: 'documents',
  },
  {
    feature: 'overview',
    store: t('ein_stage_waits', ['submitted_at', 'seconds']),
    what: 'how long the application waited in each stage (derived from stage_history by triggers)',
    export: { excluded: 'derived from history.json’s stage dates' },
    erasure: { does: 'delete' },
    retention: WHILE_OPEN,
    notice: 'history',
  },
  // The yearly filing
  {
    feature: 'filings',
    store: t('filings', ['answers']),
    what: 'the filing’s answers: home address, citizenship, tax residence, company, money flows between owner and company sent to the IRS',
    export: { file: 'filings.json' },
    erasure: { does: 'delete' },
    retention: WHILE_OPEN,
    notice: 'filing',
  },
  {
    feature: 'filings',
    store: t('filings', ['foreign_tax_id_encrypted', 'foreign_tax_id_last4']),
    what: 'the owner’s foreign tax number (T.C. kimlik numarası), encrypted, and its last four',
    export: { file: 'filings.json' },
    erasure: { does: 'delete' },
    retention: { period: 'RETENTION_SSN_DAYS after the filing is done', sweep: FILING_NUMBERS_SWEEP },
    notice: 'taxNumbers',
  },
  {
    feature: 'filings',
    store: t('filings', ['us_tax_id_encrypted', 'us_tax_id_last4']),
    what: 'the owner’s ITIN or SSN, encrypted, and its last four',
    export: { file: 'filings.json' },
    erasure: { does: 'delete' },
    retention: { period: 'RETENTION_SSN_DAYS after the filing is done', sweep: FILING_NUMBERS_SWEEP },
    notice: 'taxNumbers',
  },
  // Documents and support
  {
    feature: 'documents',
    store: t('documents', ['file_name', 'file_path']),
    what: 'the vault’s documents: uploaded and prepared files (Form 5472 included)',
    export: { file: 'documents.json' },
    erasure: { does: 'delete' },
    retention: ACCOUNTING,
    notice: 'documents',
  },
  {
    feature: 'documents',
    store: { files: 'documents' },
    what: 'the bytes of the vault’s documents',
    export: { file: 'files/documents/' },
    erasure: { does: 'delete' },
    retention: ACCOUNTING,
    notice: 'documents',
  },
  {
    feature: 'support',
    store: t('support_threads', 'all'),
    what: 'support threads: subject, status, read marks',
    export: { file: 'support-threads.json' },
    erasure: { does: 'delete' },
    retention: WHILE_OPEN,
    notice: 'support',
  },
  {
    feature: 'support',
    store: t('support_messages', ['message']),
    what: 'support messages, the customer’s and staff’s',
    export: { file: 'support-threads.json' },
    erasure: { does: 'delete' },
    retention: WHILE_OPEN,
    notice: 'support',
  },
  {
    feature: 'support',
    store: t('support_attachments', ['file_name', 'file_path'], null),
    what: 'support attachments (rows)',
    export: { file: 'support-threads.json' },
    erasure: { does: 'delete' },
    retention: WHILE_OPEN,
    notice: 'support',
  },
  {
    feature: 'support',
    store: { files: 'support' },
    what: 'the bytes of support attachments',
    export: { file: 'files/support/' },
    erasure: { does: 'delete' },
    retention: WHILE_OPEN,
    notice: 'support',
  },
  // Money
  {
    feature: 'payments',
    store: t('orders', 'all'),
    what: 'orders and payments: what was bought, amount, status',
    export: { file: 'orders.json' },
    erasure: {
      does: 'keep',
      reason: 'accounting law: a paid order stays; it holds no personal field besides the erased account’s id',
    },
    retention: ACCOUNTING,
    notice: 'payments',
  },
  {
    feature: 'payments',
    store: t('local_checkout_sessions', ['customer_email'], null),
    what: 'the test checkout’s session with the buyer’s email',
    export: { excluded: 'the payment step’s working copy of the order in orders.json' },
    erasure: { does: 'anonymise', columns: ['customer_email'], reason: 'it belongs to a kept order' },
    retention: ACCOUNTING,
    notice: 'payments',
  },
  {
    feature: 'renewals',
    store: t('subscriptions', 'all'),
    what: 'yearly subscriptions: periods, status, cancel reason',
    export: { file: 'subscriptions.json' },
    erasure: { does: 'delete' },
    retention: WHILE_OPEN,
    notice: 'payments',
  },
  {
    feature: 'renewals',
    store: t('subscription_events', 'all'),
    what: 'the subscriptions’ history',
    export: { file: 'subscriptions.json' },
    erasure: { does: 'delete' },
    retention: WHILE_OPEN,
    notice: 'payments',
  },
  {
    feature: 'renewals',
    store: t('renewal_tasks', ['note']),
    what: 'staff’s renewal tasks about the customer, with notes',
    export: {
      excluded: 'staff’s working notes; the customer’s subscriptions and their history are in subscriptions.json',
    },
    erasure: { does: 'delete' },
    retention: WHILE_OPEN,
    notice: 'payments',
  },
  // The mailroom (decision 0086): letters, their envelope photos; their scans are vault documents above.
  {
    feature: 'mail',
    store: t('letters', [
      'envelope_name',
      'sender',
      'sender_name',
      'kind',
      'letter_date',
      'received_on',
      'pages',
      'status',
    ]),
    what: 'letters that reached the company’s US address: the name on the envelope, sender, kind, dates, pages, the customer’s decisions',
    export: { file: 'letters.json' },
    erasure: { does: 'delete' },
    retention: {
      period: 'while the account is open (a retention period per kind of letter is not built yet)',
      sweep: null,
    },
    notice: 'letters',
  },
  {
    feature: 'mail',
    store: { files: 'mail' },
    what: 'the photos of the letters’ envelopes',
    export: { file: 'files/mail/' },
    erasure: { does: 'delete' },
    retention: { period: 'while the account is open', sweep: null },
    notice: 'letters',
  },
  // Consents, requests, history, mail
  {
    feature: 'privacy',
    store: t('privacy_consents', ['version', 'given', 'network']),
    what: 'texts accepted and optional consents, with time and network',
    export: { file: 'consents.json' },
    erasure: { does: 'delete' },
    retention: WHILE_OPEN,
    notice: 'consents',
  },
  {
    feature: 'privacy',
    store: t('privacy_erasure_requests', ['answer', 'token_hash']),
    what: 'erasure requests and staff’s answers',
    export: { file: 'consents.json' },
    erasure: {
      does: 'keep',
      reason: 'KVKK art. 13: proof that the request was answered; it names only the erased account’s id',
    },
    retention: ACCOUNTING,
    notice: 'consents',
  },
  {
    feature: 'formations',
    store: t('stage_history', 'all'),
    what: 'the dates each application reached each stage',
    export: { file: 'history.json' },
    erasure: { does: 'delete' },
    retention: WHILE_OPEN,
    notice: 'history',
  },
  {
    feature: 'audit',
    store: t('audit_events', ['before', 'after', 'network'], 'subject_user_id'),
    what: 'audit rows about the customer: who did what, when, from which network',
    export: { file: 'history.json' },
    erasure: {
      does: 'anonymise',
      columns: ['before', 'after', 'network'],
      reason: 'the record that an action happened stays for accountability, without its personal fields',
    },
    retention: { period: 'as long as the record of actions is needed (generally 10 years)', sweep: null },
    notice: 'history',
  },
  {
    feature: 'dev-mail',
    store: t('mail_outbox', ['to_address', 'subject', 'text_body', 'html_body'], null),
    what: 'mails queued and sent: address and text',
    export: { excluded: 'copies of mails the customer received' },
    erasure: { does: 'delete' },
    retention: { period: 'while the account is open', sweep: null },
    notice: 'mail',
  },
  // Staff
  {
    feature: 'short-links',
    store: t('short_links', ['created_by'], 'created_by'),
    what: 'short links, with the staff member who made them',
    export: { excluded: 'staff data; customers have none here' },
    erasure: {
      does: 'keep',
      reason: 'staff accounts are removed by the owner on /admin/staff, not by a customer erasure',
    },
    retention: WHILE_OPEN,
    notice: 'staff',
  },
  {
    feature: 'staff',
    store: t('staff_invitations', ['email', 'invited_by'], 'invited_by'),
    what: 'staff invitations: the invitee’s email and who invited them',
    export: { excluded: 'staff data; customers have none here' },
    erasure: {
      does: 'keep',
      reason: 'staff accounts are removed by the owner on /admin/staff, not by a customer erasure',
    },
    retention: { period: 'until accepted or expired', sweep: null },
    notice: 'staff',
  },
] as const satisfies readonly PersonalDataEntry[];

/** The notice's kinds in the order the registry declares them first. */
export function declaredNoticeKinds(entries: readonly PersonalDataEntry[] = PERSONAL_DATA): NoticeKind[] {
  return [...new Set(entries.map((e) => e.notice))];
}
