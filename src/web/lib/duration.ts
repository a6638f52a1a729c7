import type { StageWaitRange } from '../../shared/catalogue/timings';
import type { TFunction } from './translator';

/**
 * A wait as the pages state it, number first and then the unit in both languages ("2-10 iş günü",
 * "5 business days"). Its own module, apart from useFormat's money and dates, so that the sign-in
 * page's benefits state the waits without them (decision 0061); the server writes the same through
 * shared/catalogue/timing-format.ts.
 */
export function durationText(t: TFunction, { min, max, unit }: StageWaitRange): string {
  const unitText = t(`common.duration.units.${unit}`);
  return min === max ? `${max} ${unitText}` : t('common.duration.range', { min, max, unit: unitText });
}
