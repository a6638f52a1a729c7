import type { Role, StaffRole } from './roles';

/**
 * What staff may do, one name per kind of admin operation. Every operation behind the admin door names
 * exactly one (platform/http/admin-door.ts); the server checks it, the web hides what is not held.
 * Customers hold none: their access is ownership of their own records.
 */
export const PERMISSIONS = [
  'overview.read',
  'formations.read',
  'formations.edit',
  'formations.export',
  'ein.read',
  'ein.process',
  /**
   * The clear SSN or ITIN and every file that prints it: the generated SS-4, and every stored document
   * marked `holdsTaxId` (the prepared and signed SS-4, the Form 5472 and 1120 forms and data sheet...).
   */
  'ein.ssn',
  'users.read',
  'users.edit',
  /** A customer's stored files (documents, support attachments need support.read instead). */
  'documents.read',
  'documents.upload',
  'orders.read',
  'orders.export',
  'orders.recheck',
  'services.manage',
  'support.read',
  'support.reply',
  'support.status',
  'links.manage',
  'deadlines.read',
  'deadlines.mark',
  'deadlines.export',
  /** Inviting staff, changing their roles, deactivating and reactivating them (/admin/staff). */
  'staff.manage',
  /** Reading the audit trail (/admin/audit). */
  'audit.read',
  /** The audit trail's export (decision 0068: apart from reading it, as every export asks for a fresh code). */
  'audit.export',
  // Renewals (decisions 0053, 0054): the renewals desk and the customer file's subscriptions (read),
  // its export, and marking operations' lapsed-agent tasks done (manage).
  'renewals.read',
  'renewals.export',
  'renewals.manage',
  // customers' data rights (decision 0047): the erasure queue (manage: read it, decline), erasing a
  // customer's data (erase) and producing a customer's copy on request (export), apart since 0068.
  /** The erasure queue (/admin/privacy): reading it and declining a request. */
  'privacy.manage',
  /** Approving an erasure request: the customer's personal data and files are destroyed. */
  'privacy.erase',
  /** Producing a customer's data ZIP (passports, the SS-4 with the SSN) for a customer who asked by mail. */
  'privacy.export',
  // Tracked filings (/admin/filings, decision 0051): read the desk and a filing's answers; prepare the
  // forms and record each stage (faxed, extension, done, a state report filed); export the list.
  'filings.read',
  'filings.prepare',
  'filings.export',
  /** The bank catalogue (decision 0085): re-checking or withdrawing a bank's rule; each change is audited. */
  'bank.catalogue',
  /** The list of every customer's bank applications and answers (decision 0091). */
  'bank.read',
  /** That list's CSV export (decision 0091): personal data out in bulk, so it asks a fresh code. */
  'bank.export',
  // The mailroom (/admin/mail, decision 0086): read the desk and the letters, their envelopes and scans; log,
  // match and scan letters (handle); the desk's list as a file (export, decision 0089).
  'mail.read',
  'mail.handle',
  'mail.export',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Step-up, declared once per permission (decision 0068, amending 0042): `true` when every operation
 * that needs the permission also needs a second-factor code given in the session within the last 15
 * minutes. The admin door (adminRoute) and the files route read this table, and the API document shows
 * it as `x-step-up`, so no operation can forget or opt out. A permission asks for a code when a stolen
 * session could use it to reveal a tax number, take data out in bulk, destroy a customer's data, or
 * make and unmake staff. The Record type makes a new permission choose.
 */
export const PERMISSION_STEP_UP: Readonly<Record<Permission, boolean>> = {
  'overview.read': false,
  'formations.read': false,
  'formations.edit': false,
  'formations.export': true,
  'ein.read': false,
  'ein.process': false,
  'ein.ssn': true,
  'users.read': false,
  'users.edit': false,
  'documents.read': false,
  'documents.upload': false,
  'orders.read': false,
  'orders.export': true,
  'orders.recheck': false,
  'services.manage': false,
  'support.read': false,
  'support.reply': false,
  'support.status': false,
  'links.manage': false,
  'deadlines.read': false,
  'deadlines.mark': false,
  'deadlines.export': true,
  'staff.manage': true,
  'audit.read': false,
  'audit.export': true,
  'renewals.read': false,
  'renewals.export': true,
  'renewals.manage': false,
  'privacy.manage': false,
  'privacy.erase': true,
  'privacy.export': true,
  'filings.read': false,
  'filings.prepare': false,
  'filings.export': true,
  'bank.catalogue': false,
  'bank.read': false,
  'bank.export': true,
  'mail.read': false,
  'mail.handle': false,
  'mail.export': true,
};

/** Whether the permission's operations need a fresh second-factor code (PERMISSION_STEP_UP). */
export function needsStepUp(permission: Permission): boolean {
  return PERMISSION_STEP_UP[permission];
}

/**
 * The permissions each role holds (decision 0039 gives the reasons). Every staff role reads the
 * customer list and the formations list: the customer file, which every desk opens, loads both.
 */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  customer: [],
  owner: PERMISSIONS,
  operations: [
    'overview.read',
    'formations.read',
    'formations.edit',
    'formations.export',
    'ein.read',
    'ein.process',
    'ein.ssn',
    'users.read',
    'documents.read',
    'documents.upload',
    'deadlines.read',
    'deadlines.mark',
    'deadlines.export',
    'renewals.read',
    'renewals.export',
    'renewals.manage',
    'filings.read',
    'filings.prepare',
    'filings.export',
    // Operations keep the bank catalogue's rules current (decision 0085).
    'bank.catalogue',
    'bank.read',
    'bank.export',
    'mail.read',
    'mail.handle',
    'mail.export',
  ],
  support: [
    'overview.read',
    'formations.read',
    'ein.read',
    'users.read',
    'documents.read',
    'documents.upload',
    'support.read',
    'support.reply',
    'support.status',
    'filings.read',
    'bank.read',
    'mail.read',
  ],
  finance: [
    'overview.read',
    'formations.read',
    'formations.export',
    'users.read',
    'orders.read',
    'orders.export',
    'orders.recheck',
    'services.manage',
    'renewals.read',
    'renewals.export',
  ],
};

export function hasPermission(role: Role | null | undefined, permission: Permission): boolean {
  return role !== null && role !== undefined && ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * What staff need to download a customer's stored document (their own files need nothing):
 * documents.read, and ein.ssn as well for a file marked as printing an SSN or ITIN (the document's
 * `holdsTaxId`, set when it was written: decision 0066), which also asks a fresh second factor.
 */
export function documentReadPermissions(holdsTaxId: boolean): readonly Permission[] {
  return holdsTaxId ? ['documents.read', 'ein.ssn'] : ['documents.read'];
}

/** The operator's home: every staff role holds overview.read, and sees the panels its other permissions allow. */
export const ADMIN_HOME_PATH = '/admin';

/** Where sign-in sends a user: a customer's own pages, or a staff role's desk (STAFF_HOME). */
export const HOME_PATHS = ['/dashboard', '/onboarding', '/admin/ein', '/admin/support', '/admin/orders'] as const;
export type HomePath = (typeof HOME_PATHS)[number];

/**
 * Where each staff role lands after sign-in: its own desk, not merely the first page it may open
 * (support may read the EIN desk but works the support desk; finance works the orders list). A unit
 * test checks each home is an admin page (ADMIN_PAGES) whose permission the role holds.
 */
export const STAFF_HOME: Readonly<Record<StaffRole, Extract<HomePath, `/admin/${string}`>>> = {
  owner: '/admin/ein',
  operations: '/admin/ein',
  support: '/admin/support',
  finance: '/admin/orders',
};
