import { and, eq } from 'drizzle-orm';
import { BANK_CATALOGUE, PROVIDERS, type ProviderId } from '../../../shared/features/bank-readiness/providers.domain';
import {
  BANK_RULE_MAX_AGE_DAYS,
  isStale,
  type RuleOverride,
  rulesOf,
  withOverrides,
} from '../../../shared/features/bank-readiness/rule-keys.domain';
import { bankRuleOverrides } from '../../db/schema';
import type { DbOrTx } from '../../db/tx';
import { recordAudit } from '../../platform/audit';
import type { SessionUser } from '../../platform/http/context';
import { ApiError } from '../../platform/http/errors';
import { bankTotals } from './bank-rollups.service';

/** The back office's side of the bank catalogue (decision 0085): re-checks, withdrawals, the home's figures. */

export async function overridesOf(db: DbOrTx): Promise<RuleOverride[]> {
  const rows = await db.select().from(bankRuleOverrides);
  return rows.map((r) => ({ provider: r.provider, key: r.ruleKey, checkedOn: r.checkedOn, withdrawn: r.withdrawn }));
}

export async function currentCatalogue(db: DbOrTx) {
  return withOverrides(await overridesOf(db));
}

export interface CatalogueRuleView {
  provider: ProviderId;
  key: string;
  checkedOn: string;
  withdrawn: boolean;
  stale: boolean;
  disagree: boolean;
  sources: { url: string; pageDate: string | null; kind: 'official' | 'third_party' }[];
  note: string | null;
}

export async function catalogueRules(db: DbOrTx, today: string): Promise<CatalogueRuleView[]> {
  const rows = await db.select().from(bankRuleOverrides);
  return PROVIDERS.flatMap((id) =>
    rulesOf(BANK_CATALOGUE[id]).map(({ key, rule }) => {
      const o = rows.find((r) => r.provider === id && r.ruleKey === key);
      const checkedOn = o?.checkedOn ?? rule.checkedOn;
      const withdrawn = o?.withdrawn ?? false;
      return {
        provider: id,
        key,
        checkedOn,
        withdrawn,
        stale: !withdrawn && isStale(checkedOn, today),
        disagree: rule.disagree === true,
        sources: [...rule.sources],
        note: o?.note ?? null,
      };
    }),
  );
}

export async function changeRule(
  db: DbOrTx,
  actor: Pick<SessionUser, 'id' | 'role'>,
  provider: ProviderId,
  key: string,
  input: { checkedOn: string | null; withdrawn: boolean; note?: string },
  today: string,
): Promise<void> {
  if (!rulesOf(BANK_CATALOGUE[provider]).some((r) => r.key === key)) throw new ApiError('NOT_FOUND');
  // A re-check is something done, not planned: a day after today would hide a rule from the stale count.
  if (input.checkedOn !== null && input.checkedOn > today)
    throw new ApiError('VALIDATION_FAILED', { checkedOn: 'bankReadiness.validation.checkedInFuture' });
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(bankRuleOverrides)
      .where(and(eq(bankRuleOverrides.provider, provider), eq(bankRuleOverrides.ruleKey, key)));
    const values = { checkedOn: input.checkedOn, withdrawn: input.withdrawn, note: input.note || null };
    await tx
      .insert(bankRuleOverrides)
      .values({ provider, ruleKey: key, ...values })
      .onConflictDoUpdate({
        target: [bankRuleOverrides.provider, bankRuleOverrides.ruleKey],
        set: { ...values, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      actorId: actor.id,
      actorRole: actor.role,
      action: 'bank.rule_changed',
      entityType: 'bank_rule',
      entityId: `${provider}:${key}`,
      before: before ? { checkedOn: before.checkedOn, withdrawn: before.withdrawn, note: before.note } : null,
      after: values,
    });
  });
}

/**
 * The home's bank figures: per provider the answers customers recorded, the most common refusal
 * reasons (as typed, folded to lower case), and how many rules need a re-check. The answers come from the
 * daily rollup and the answers recorded since (decision 0103).
 */
export async function bankSummary(db: DbOrTx, today: string) {
  const [{ counts, reasons }, rules] = await Promise.all([bankTotals(db), catalogueRules(db, today)]);
  const providers = PROVIDERS.map((provider) => {
    const of = (outcome: string) => counts.find((c) => c.provider === provider && c.outcome === outcome)?.n ?? 0;
    return { provider, approved: of('approved'), moreInfo: of('more_info'), refused: of('refused') };
  });
  const staleRules = rules.filter((r) => r.stale).length;
  return { providers, reasons, staleRules, maxAgeDays: BANK_RULE_MAX_AGE_DAYS };
}
