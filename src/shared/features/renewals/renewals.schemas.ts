import { z } from 'zod';
import { calendarDate } from '../../schemas/dates';
import { safeText, TEXT_MAX } from '../../schemas/text';

/**
 * POST /api/admin/renewals/tasks/{id}/complete: the day a renewal task was done and what was done.
 * Plain zod, apart from the contract (which re-exports it), so the task's form runs the API's schema.
 */
export const completeTaskSchema = z.object({
  doneOn: calendarDate(),
  note: safeText(TEXT_MAX.longText).min(1, 'validation.renewalNoteRequired'),
});
export type CompleteTaskInput = z.input<typeof completeTaskSchema>;
