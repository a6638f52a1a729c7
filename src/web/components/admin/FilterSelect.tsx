import { SelectField } from '../ui/Select';

interface FilterSelectBase<V extends string> {
  /** The select's name, and its id unless `id` is given. */
  name: string;
  id?: string;
  label: string;
  values: readonly V[];
  labelOf: (value: V) => string;
  className: string;
  testId?: string;
}

/**
 * A filter: a first option, `allLabel`, clears it (`onFilter(null)`). An order or a required choice:
 * no such option, and `onChange` always gets a value.
 */
export type FilterSelectProps<V extends string> = FilterSelectBase<V> &
  (
    | { allLabel: string; value: V | null; onFilter: (value: V | null) => void; onChange?: undefined }
    | { allLabel?: undefined; value: V; onChange: (value: V) => void; onFilter?: undefined }
  );

/** One of an admin list's filters or orders, as a native select kept in the URL by the page. */
export function FilterSelect<V extends string>(props: FilterSelectProps<V>) {
  const { name, id = name, label, value, values, labelOf, allLabel, className, testId } = props;
  const onChange = (props.onFilter ?? props.onChange) as (value: V | null) => void;
  return (
    <SelectField
      id={id}
      name={name}
      data-testid={testId}
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange((event.target.value || null) as V | null)}
      className={className}
    >
      {allLabel === undefined ? null : <option value="">{allLabel}</option>}
      {values.map((v) => (
        <option key={v} value={v}>
          {labelOf(v)}
        </option>
      ))}
    </SelectField>
  );
}
