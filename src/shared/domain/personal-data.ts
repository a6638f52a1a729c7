import type { NoticeKind } from '../legal/data-we-keep';

/**
 * The personal-data registry (decision 0077): one entry per kind of personal data the portal keeps, per
 * table (per column or stored-file kind where it matters), each saying what the data copy, erasure,
 * retention and the privacy notice do with it. The notice's "The data we keep" list is generated from
 * it; tests hold every claim to the code: a table with a user reference that no entry declares fails,
 * a ZIP without the file an entry names fails, a row left after an erasure that claims "delete" fails,
 * a kind missing from the notice in either language fails.
 *
 * Each feature declares its own entries in its server manifest (src/server/features/<feature>/<feature>.manifest.ts,
 * decision 0079); the registry (src/server/feature-registry.ts) joins them into PERSONAL_DATA and names
 * each entry's feature. This module holds what those declarations are written with. Tables are named as
 * in SQL; the notice the web renders lists NOTICE_KINDS, which a test holds equal to the kinds declared.
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
  'bank-readiness.json',
  'letters.json',
  'mail-settings.json',
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

/** An entry as its feature's manifest declares it: the registry adds the feature's name. */
export type FeaturePersonalData = Omit<PersonalDataEntry, 'feature'>;

export const WHILE_OPEN: RetentionClaim = { period: 'while the account is open', sweep: null };
export const ACCOUNTING: RetentionClaim = {
  period: 'as tax and commercial law require (generally 10 years), without personal fields after erasure',
  sweep: null,
};
export const ABANDONED =
  'retention: accounts never verified, with no formation and no order, ABANDONED_SIGNUP_DAYS after sign-up';
export const SSN_SWEEP = 'retention: RETENTION_SSN_DAYS after the EIN is issued (decision 0048)';
export const FILING_NUMBERS_SWEEP = 'retention: RETENTION_SSN_DAYS after the filing is done (decisions 0058, 0077)';
export const MAIL_SWEEP =
  'retention: letters per sender, RETENTION_MAIL_IRS_DAYS and RETENTION_MAIL_ADVERTISING_DAYS (decision 0089)';

/** A table's store: its personal columns (or all), and the column naming the user (user_id unless said). */
export const t = (
  table: string,
  columns: readonly string[] | 'all' = 'all',
  userColumn: string | null = 'user_id',
): PersonalDataStore => ({
  table,
  columns,
  userColumn,
});
