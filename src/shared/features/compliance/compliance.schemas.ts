import { z } from 'zod';
import { COMPLIANCE_RULE_IDS, type ComplianceRuleId } from '../../catalogue/compliance';
import { DEADLINE_HORIZONS } from '../../domain/admin-lists';
import { listQuery } from '../../schemas/list-query';
import { safeText, TEXT_MAX } from '../../schemas/text';

/** One occurrence of a rule: `<rule id>:<due date>`, the key of compliance_marks. */
export function complianceItemKey(ruleId: ComplianceRuleId, dueDate: string): string {
  return `${ruleId}:${dueDate}`;
}

/** What the admin list and its export filter by. */
const deadlineQueries = listQuery({
  days: z.coerce
    .number()
    .int()
    .refine((n) => (DEADLINE_HORIZONS as readonly number[]).includes(n), 'validation.invalid')
    .default(60),
  /** A state's name (only the tracked ones have state deadlines; the federal and agent items are everyone's). */
  state: safeText(TEXT_MAX.choice).optional(),
  rule: z.enum(COMPLIANCE_RULE_IDS).optional(),
  /** Customer email or name, or business name (Turkish letters folded). */
  q: safeText(TEXT_MAX.search).optional(),
  /**
   * '1': instead of the coming days, the occurrences that passed in the last DEADLINE_WINDOW_DAYS and
   * nobody marked done, the list the home's "overdue" figure opens (decision 0064). `days` is then unused.
   */
  overdue: z.enum(['1']).optional(),
  /** '1': only the items nobody marked done, as the home's "due soon" figure counts them. */
  open: z.enum(['1']).optional(),
});

export const adminDeadlineFilterSchema = deadlineQueries.filter;
export const adminDeadlineListQuerySchema = deadlineQueries.list;
export type AdminDeadlineListQuery = z.input<typeof adminDeadlineListQuerySchema>;
export const adminDeadlineExportQuerySchema = deadlineQueries.export;
