import { and, asc, eq, isNotNull, lte, or, sql } from 'drizzle-orm';
import { filings } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { decryptField, encryptField } from '../../platform/crypto/field-encryption';

/**
 * The owner's U.S. identifying number (SSN or ITIN) on a Form 5472 filing (decision 0058): kept only as
 * ciphertext bound to the owner and its last four, never inside `answers`, read in clear only where
 * the forms are filled, and removed RETENTION_SSN_DAYS after the filing is done.
 */

type FilingRow = typeof filings.$inferSelect;
type TaxIdColumns = Pick<typeof filings.$inferInsert, 'usTaxIdEncrypted' | 'usTaxIdLast4'>;
type ForeignTaxIdColumns = Pick<typeof filings.$inferInsert, 'foreignTaxIdEncrypted' | 'foreignTaxIdLast4'>;

/** Bound to its owner, so a ciphertext copied into another customer's row does not decrypt. */
function taxIdContext(userId: string): string {
  return `filings.us_tax_id:${userId}`;
}

/** The foreign tax number (T.C. kimlik numarası) has its own context: one ciphertext never opens as the other. */
function foreignTaxIdContext(userId: string): string {
  return `filings.foreign_tax_id:${userId}`;
}

const NINE_DIGITS = /^\d{9}$/;

function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** 123456789 → 123-45-6789, as the IRS prints an SSN or ITIN. */
function formatTaxId(digits: string): string {
  return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
}

export function encryptedTaxIdColumns(digits: string, keyHex: string, userId: string): TaxIdColumns {
  return { usTaxIdEncrypted: encryptField(digits, keyHex, taxIdContext(userId)), usTaxIdLast4: digits.slice(-4) };
}

/**
 * What the questionnaire's owner part does to the stored number: a number typed replaces it, "remove"
 * clears it, an empty field keeps it (the browser never receives the number to send it back).
 */
export function taxIdChange(
  owner: { usTaxId?: string; usTaxIdRemove?: boolean } | undefined,
  keyHex: string,
  userId: string,
): TaxIdColumns {
  const digits = digitsOf(owner?.usTaxId ?? '');
  if (NINE_DIGITS.test(digits)) return encryptedTaxIdColumns(digits, keyHex, userId);
  if (owner?.usTaxIdRemove) return { usTaxIdEncrypted: null, usTaxIdLast4: null };
  return {};
}

export function encryptedForeignTaxIdColumns(value: string, keyHex: string, userId: string): ForeignTaxIdColumns {
  return {
    foreignTaxIdEncrypted: encryptField(value, keyHex, foreignTaxIdContext(userId)),
    foreignTaxIdLast4: value.slice(-4),
  };
}

/**
 * The owner's foreign tax number as the SSN (decision 0077): a number typed replaces the stored one, an
 * empty field keeps it (the browser gets only its last four). It is required to send, so never removed.
 */
export function foreignTaxIdChange(
  owner: { foreignTaxId?: string } | undefined,
  keyHex: string,
  userId: string,
): ForeignTaxIdColumns {
  const value = owner?.foreignTaxId?.trim() ?? '';
  return value === '' ? {} : encryptedForeignTaxIdColumns(value, keyHex, userId);
}

/** The clear foreign tax number for filling the forms; '' when none is kept. */
export function decryptFilingForeignTaxId(
  row: Pick<FilingRow, 'foreignTaxIdEncrypted' | 'userId'>,
  keyHex: string,
): string {
  return row.foreignTaxIdEncrypted
    ? decryptField(row.foreignTaxIdEncrypted, keyHex, foreignTaxIdContext(row.userId))
    : '';
}

/** The answers as stored and shown: without the numbers kept encrypted and the "remove" choice. */
export function answersWithoutTaxId<T>(answers: T): T {
  if (!answers || typeof answers !== 'object') return answers;
  const owner = (answers as { owner?: unknown }).owner;
  if (!owner || typeof owner !== 'object') return answers;
  const {
    usTaxId: _number,
    usTaxIdRemove: _remove,
    foreignTaxId: _foreign,
    ...rest
  } = owner as Record<string, unknown>;
  return { ...answers, owner: rest };
}

/** The clear number, formatted, for filling the forms; '' when the owner gave none. */
export function decryptFilingTaxId(row: Pick<FilingRow, 'usTaxIdEncrypted' | 'userId'>, keyHex: string): string {
  return row.usTaxIdEncrypted ? formatTaxId(decryptField(row.usTaxIdEncrypted, keyHex, taxIdContext(row.userId))) : '';
}

/**
 * Rows written before decision 0058 held the number in clear in `answers.owner.usTaxId`, and rows
 * written before decision 0077 the foreign tax number in `answers.owner.foreignTaxId`. At start, each
 * is encrypted into its columns and removed from `answers` (a SQL migration cannot: the key is not in
 * the database; migration 0040 only adds the columns). A draft's SSN fragment that is not nine digits
 * is dropped: sending refused it anyway. Safe to run on every start and from several copies at once
 * (each row is locked and re-read).
 */
export async function encryptClearFilingTaxIds(deps: Pick<AppDeps, 'database' | 'encryptionKey'>, batchSize = 100) {
  const db = deps.database.db;
  const clear = sql`(${filings.answers} -> 'owner') ?| array['usTaxId', 'foreignTaxId']`;
  let moved = 0;
  for (;;) {
    const batch = await db.select({ id: filings.id }).from(filings).where(clear).limit(batchSize);
    for (const { id } of batch) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(filings)
          .where(and(eq(filings.id, id), clear))
          .for('update');
        if (!row) return;
        const owner = (row.answers as { owner?: { usTaxId?: unknown; foreignTaxId?: unknown } }).owner;
        const digits = typeof owner?.usTaxId === 'string' ? digitsOf(owner.usTaxId) : '';
        const keep = NINE_DIGITS.test(digits) && !row.usTaxIdEncrypted;
        const foreign = typeof owner?.foreignTaxId === 'string' ? owner.foreignTaxId.trim() : '';
        const keepForeign = foreign !== '' && !row.foreignTaxIdEncrypted;
        await tx
          .update(filings)
          .set({
            answers: answersWithoutTaxId(row.answers),
            ...(keep ? encryptedTaxIdColumns(digits, deps.encryptionKey, row.userId) : {}),
            ...(keepForeign ? encryptedForeignTaxIdColumns(foreign, deps.encryptionKey, row.userId) : {}),
          })
          .where(eq(filings.id, id));
      });
      moved += 1;
    }
    if (batch.length < batchSize) return moved;
  }
}

/**
 * One batch of the retention sweep (decision 0058): the numbers of filings done on or before
 * `purgeBefore` go, ciphertext and last four: the SSN or ITIN and the foreign tax number (decision 0077). The prepared and signed forms stay in the customer's
 * vault as their copy of the return; staff still open them only with ein.ssn and a fresh second factor.
 */
const numbersKept = or(isNotNull(filings.usTaxIdEncrypted), isNotNull(filings.foreignTaxIdEncrypted));

export async function purgeFilingTaxIdBatch(
  deps: Pick<AppDeps, 'database'>,
  purgeBefore: Date,
  now: Date,
  batchSize: number,
): Promise<number> {
  const db = deps.database.db;
  const batch = await db
    .select({ id: filings.id })
    .from(filings)
    .where(and(numbersKept, lte(filings.doneAt, purgeBefore)))
    .orderBy(asc(filings.doneAt), asc(filings.id))
    .limit(batchSize);
  for (const { id } of batch) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(filings)
        .set({
          usTaxIdEncrypted: null,
          usTaxIdLast4: null,
          // The mark says the forms print the number: only when there was one.
          usTaxIdPurgedAt: sql`case when ${filings.usTaxIdEncrypted} is not null then ${now.toISOString()}::timestamptz else ${filings.usTaxIdPurgedAt} end`,
          foreignTaxIdEncrypted: null,
          foreignTaxIdLast4: null,
          foreignTaxIdPurgedAt: sql`case when ${filings.foreignTaxIdEncrypted} is not null then ${now.toISOString()}::timestamptz else ${filings.foreignTaxIdPurgedAt} end`,
        })
        .where(and(eq(filings.id, id), numbersKept))
        .returning({ userId: filings.userId, doneAt: filings.doneAt, taxYear: filings.taxYear });
      if (!row) return;
      await recordAudit(tx, {
        actorId: null,
        actorRole: null,
        action: 'retention.filing_tax_id_purged',
        entityType: 'filing',
        entityId: id,
        subjectUserId: row.userId,
        before: { taxYear: row.taxYear, doneAt: row.doneAt?.toISOString() ?? null },
        after: { purgedAt: now.toISOString() },
        network: null,
      });
    });
  }
  return batch.length;
}
