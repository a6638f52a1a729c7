import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  type AddressFacts,
  type AddressRole,
  FORM_8822B_ROLES,
} from '../../../shared/features/bank-readiness/addresses.domain';
import type {
  BankAddressInput,
  BankAddressView,
  BankApplicationInput,
  BankApplicationView,
  BankReadiness,
} from '../../../shared/features/bank-readiness/bank-readiness.contracts';
import { bankAddressProblems } from '../../../shared/features/bank-readiness/bank-readiness.schemas';
import { checkAll, nextProvider, type ProviderCheck } from '../../../shared/features/bank-readiness/check.domain';
import type { ProviderCatalogue, ProviderId } from '../../../shared/features/bank-readiness/providers.domain';
import { bankAddresses, bankApplications, companyFormations, documents, einApplications } from '../../db/schema';
import type { DbOrTx } from '../../db/tx';
import { ApiError } from '../../platform/http/errors';
import { currentCatalogue } from './bank-readiness-catalogue.service';

/**
 * Bank readiness (decision 0084): the company's facts as the portal holds them (the
 * formation, the EIN application, the vault, the addresses), checked against the shared catalogue.
 */

type AddressRow = typeof bankAddresses.$inferSelect;
type ApplicationRow = typeof bankApplications.$inferSelect;

export interface CompanyRecords {
  formation: typeof companyFormations.$inferSelect | null;
  ein: typeof einApplications.$inferSelect | null;
  /** The newest vault file of each kind the packs use: its storage key and name. */
  articles: { key: string; name: string } | null;
  einLetter: { key: string; name: string } | null;
  addresses: BankAddressView[];
}

function toAddressView(row: AddressRow): BankAddressView {
  return {
    role: row.role,
    kind: row.kind,
    country: row.country,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    region: row.region,
    postalCode: row.postalCode,
    origin: 'customer',
  };
}

/**
 * The addresses the portal knows itself (decision 0084): its shared or private address is a virtual
 * (mail-forwarding) address, and founders give it as their mailing and physical address; the agent
 * after a paid package is ours (decision 0074), a registered agent's address. Their street is on the
 * formation's documents, not in the portal's records, so they carry only the state.
 */
function portalAddresses(formation: CompanyRecords['formation']): BankAddressView[] {
  if (!formation) return [];
  const at = (role: AddressRole, kind: BankAddressView['kind']): BankAddressView => ({
    role,
    kind,
    country: 'US',
    line1: '',
    line2: null,
    city: '',
    region: formation.stateSelected,
    postalCode: null,
    origin: 'portal',
  });
  const out: BankAddressView[] = [];
  if (formation.paymentStatus === 'paid') out.push(at('registered_agent', 'registered_agent'));
  if (formation.businessAddressPreference) out.push(at('mailing', 'virtual'), at('physical', 'virtual'));
  return out;
}

export async function loadRecords(db: DbOrTx, userId: string): Promise<CompanyRecords> {
  const [formation] = await db.select().from(companyFormations).where(eq(companyFormations.userId, userId));
  const [ein] = await db.select().from(einApplications).where(eq(einApplications.userId, userId));
  const docs = await db
    .select({ key: documents.filePath, name: documents.fileName, category: documents.category })
    .from(documents)
    .where(and(eq(documents.userId, userId), inArray(documents.category, ['articles_of_org', 'ein'])))
    .orderBy(desc(documents.createdAt));
  const fromVault = (category: string, key: string | null | undefined) => {
    const doc = docs.find((d) => d.category === category);
    if (doc) return { key: doc.key, name: doc.name };
    return key ? { key, name: key.split('/').pop() ?? key } : null;
  };
  const stored = (await db.select().from(bankAddresses).where(eq(bankAddresses.userId, userId))).map(toAddressView);
  // A customer's address in a role replaces what the portal knows in it.
  const derived = portalAddresses(formation ?? null).filter((p) => !stored.some((s) => s.role === p.role));
  return {
    formation: formation ?? null,
    ein: ein ?? null,
    articles: fromVault('articles_of_org', ein?.articlesOfOrganizationKey),
    einLetter: fromVault('ein', ein?.uploadedEinDocumentKey),
    addresses: [...derived, ...stored],
  };
}

export function checksOf(records: CompanyRecords, catalogue?: Record<ProviderId, ProviderCatalogue>): ProviderCheck[] {
  const addresses: AddressFacts[] = records.addresses.map((a) => ({
    role: a.role,
    kind: a.kind,
    country: a.country,
    origin: a.origin,
  }));
  return checkAll(
    {
      addresses,
      articlesInVault: records.articles !== null,
      einLetterInVault: records.einLetter !== null,
      articlesName: records.formation?.businessName ?? null,
      einLetterName: records.ein?.businessName ?? null,
    },
    catalogue,
  );
}

function toApplicationView(row: ApplicationRow): BankApplicationView {
  return {
    id: row.id,
    provider: row.provider,
    outcome: row.outcome,
    reason: row.reason,
    decidedOn: row.decidedOn,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function applicationsOf(db: DbOrTx, userId: string): Promise<BankApplicationView[]> {
  const rows = await db
    .select()
    .from(bankApplications)
    .where(eq(bankApplications.userId, userId))
    .orderBy(desc(bankApplications.createdAt));
  return rows.map(toApplicationView);
}

/** The next provider after the newest refusal, skipping every provider that refused the company. */
function nextAfterRefusals(checks: ProviderCheck[], applications: BankApplicationView[]): ProviderId | null {
  if (applications[0]?.outcome !== 'refused') return null;
  const refused = [...new Set(applications.filter((a) => a.outcome === 'refused').map((a) => a.provider))];
  return nextProvider(checks, refused);
}

export async function readinessOf(db: DbOrTx, userId: string): Promise<BankReadiness> {
  const records = await loadRecords(db, userId);
  const checks = checksOf(records, await currentCatalogue(db));
  const applications = await applicationsOf(db, userId);
  return {
    addresses: records.addresses,
    checks,
    vault: { articles: records.articles !== null, einLetter: records.einLetter !== null },
    applications,
    next: nextAfterRefusals(checks, applications),
  };
}

function sameAddress(a: BankAddressView, b: BankAddressInput): boolean {
  return (
    a.kind === b.kind &&
    a.country === b.country &&
    a.line1 === b.line1 &&
    (a.line2 ?? '') === (b.line2 ?? '') &&
    a.city === b.city &&
    (a.region ?? '') === (b.region ?? '') &&
    (a.postalCode ?? '') === (b.postalCode ?? '')
  );
}

/**
 * Saves the customer's address in `role`, after the server's checks (a US address: a state and a ZIP
 * of the right shape; a foreign one: a country; no PO box where the role forbids one). `form8822b`:
 * the change replaced a mailing address the IRS may hold, which Form 8822-B reports; its day is kept
 * for the compliance calendar's item (decision 0092).
 */
export async function saveAddress(
  db: DbOrTx,
  userId: string,
  role: AddressRole,
  input: BankAddressInput,
  today: string,
): Promise<{ address: BankAddressView; form8822b: boolean }> {
  const clean: BankAddressInput = {
    ...input,
    country: input.country.toUpperCase(),
    region: input.country.toUpperCase() === 'US' ? input.region?.toUpperCase() : input.region || undefined,
    line2: input.line2 || undefined,
    postalCode: input.postalCode || undefined,
  };
  const problems = bankAddressProblems(role, clean);
  if (Object.keys(problems).length > 0) throw new ApiError('VALIDATION_FAILED', problems);
  const before = (await loadRecords(db, userId)).addresses.find((a) => a.role === role);
  const form8822b = FORM_8822B_ROLES.includes(role) && before !== undefined && !sameAddress(before, clean);
  const values = {
    kind: clean.kind,
    country: clean.country,
    line1: clean.line1,
    line2: clean.line2 ?? null,
    city: clean.city,
    region: clean.region ?? null,
    postalCode: clean.postalCode ?? null,
    // The calendar's Form 8822-B item counts from the last change; saving the same address keeps it.
    ...(form8822b ? { form8822bChangedOn: today } : {}),
  };
  const [row] = await db
    .insert(bankAddresses)
    .values({ userId, role, ...values })
    .onConflictDoUpdate({
      target: [bankAddresses.userId, bankAddresses.role],
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  return { address: toAddressView(row), form8822b };
}

export async function deleteAddress(db: DbOrTx, userId: string, role: AddressRole): Promise<void> {
  const gone = await db
    .delete(bankAddresses)
    .where(and(eq(bankAddresses.userId, userId), eq(bankAddresses.role, role)))
    .returning({ id: bankAddresses.id });
  if (gone.length === 0) throw new ApiError('NOT_FOUND');
}

export async function recordApplication(
  db: DbOrTx,
  userId: string,
  input: BankApplicationInput,
): Promise<{ application: BankApplicationView; next: ProviderId | null }> {
  const [row] = await db
    .insert(bankApplications)
    .values({
      userId,
      provider: input.provider,
      outcome: input.outcome,
      reason: input.reason || null,
      decidedOn: input.decidedOn,
    })
    .returning();
  const applications = await applicationsOf(db, userId);
  const next =
    input.outcome === 'refused' ? nextAfterRefusals(checksOf(await loadRecords(db, userId)), applications) : null;
  return { application: toApplicationView(row), next };
}

/**
 * The day the company's mailing address last replaced another, from which Form 8822-B is owed (decision
 * 0092); null when the customer never changed it in the portal.
 */
export async function form8822bChangeOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ on: bankAddresses.form8822bChangedOn })
    .from(bankAddresses)
    .where(and(eq(bankAddresses.userId, userId), inArray(bankAddresses.role, [...FORM_8822B_ROLES])));
  return row?.on ?? null;
}

/**
 * The Form 8822-B items (decision 0092) due from `from` through `until`, as rows shaped like the
 * compliance schedule's (formation_id, user_id, state_selected, rule_id, due_date, search_text) plus the
 * change's day (`changed_on`) and when the address was last saved (`saved_at`), for the deadlines desk
 * and the reminder mails (decision 0100). The date is the catalogue's form8822bDueDate in SQL
 * (federal_due_date, migration 0024), kept on the row by the database and indexed (migration 0048), so
 * the window is an index range; the search text is the schedule's, computed for these few rows. A
 * customer without a formation still has the item.
 */
export function form8822bItemsSql(from: string, until: string): SQL {
  return sql`select f.id as formation_id, b.user_id, f.state_selected, 'form_8822b'::text as rule_id,
        b.form_8822b_due_on as due_date,
        compliance_search_text(b.user_id, f.business_name) as search_text,
        b.form_8822b_changed_on as changed_on, b.updated_at as saved_at
      from bank_addresses b left join company_formations f on f.user_id = b.user_id
      where b.form_8822b_due_on between ${from}::date and ${until}::date
        and b.role in (${sql.join(
          FORM_8822B_ROLES.map((r) => sql`${r}`),
          sql`, `,
        )})`;
}
