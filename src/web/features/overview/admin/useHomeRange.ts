import { useSearchParams } from 'react-router';
import {
  type DayRange,
  presetRange,
  RANGE_PRESETS,
  type RangePreset,
} from '../../../../shared/features/overview/overview.domain';
import { todayUtc } from '../../../../shared/format/dates';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The home's range from the address (a preset, or from and to), and how to change it. */
export function useHomeRange(): {
  preset: RangePreset;
  range: DayRange;
  set: (next: Record<string, string | null>) => void;
} {
  const [search, setSearch] = useSearchParams();
  const from = search.get('from');
  const to = search.get('to');
  const raw = search.get('range') as RangePreset | null;
  const set = (next: Record<string, string | null>) =>
    setSearch(
      (prev) => {
        const out = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next))
          if (v) out.set(k, v);
          else out.delete(k);
        return out;
      },
      { replace: true },
    );
  if (from && to && DAY.test(from) && DAY.test(to) && from <= to) return { preset: 'custom', range: { from, to }, set };
  const preset = raw && raw !== 'custom' && RANGE_PRESETS.includes(raw) ? raw : 'month';
  return { preset, range: presetRange(preset, todayUtc()), set };
}
