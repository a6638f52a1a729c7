import { TextField } from '../ui/Input';

export interface PeriodFieldsProps {
  /** Prefix of the two fields' ids and names (`<id>-from`, `<id>-to`). */
  id: string;
  fromLabel: string;
  toLabel: string;
  from: string | null;
  to: string | null;
  onChange: (period: { from: string | null; to: string | null }) => void;
}

/**
 * A list's period filter: two days, both included, each bounded by the other so a reversed period cannot
 * be picked (the server refuses one anyway). The home's figures open the lists with them (decision 0055).
 */
export function PeriodFields({ id, fromLabel, toLabel, from, to, onChange }: PeriodFieldsProps) {
  return (
    <>
      <TextField
        id={`${id}-from`}
        name={`${id}-from`}
        type="date"
        label={fromLabel}
        value={from ?? ''}
        max={to ?? undefined}
        onChange={(event) => onChange({ from: event.target.value || null, to })}
        className="mt-1.5 sm:w-44"
      />
      <TextField
        id={`${id}-to`}
        name={`${id}-to`}
        type="date"
        label={toLabel}
        value={to ?? ''}
        min={from ?? undefined}
        onChange={(event) => onChange({ from, to: event.target.value || null })}
        className="mt-1.5 sm:w-44"
      />
    </>
  );
}
