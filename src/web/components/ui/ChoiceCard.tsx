import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { errorId, FieldError } from './Label';

export interface ChoiceGroupProps {
  /** The question, rendered as the fieldset's legend. */
  legend: ReactNode;
  /** Shown under the legend. */
  description?: ReactNode;
  /** Field name, also used to build the error's id. */
  name: string;
  error?: string;
  /** Grid columns from the `sm` breakpoint up. */
  columns?: 1 | 2 | 3;
  hideLegend?: boolean;
  children: ReactNode;
  className?: string;
}

const columnClass = { 1: '', 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3' } as const;

/** A set of radio choices with one legend and one error (a real fieldset for screen readers). */
export function ChoiceGroup({
  legend,
  description,
  name,
  error,
  columns = 2,
  hideLegend,
  children,
  className,
}: ChoiceGroupProps) {
  const descriptionId = `${name}-description`;
  const describedBy = [description ? descriptionId : null, error ? errorId(name) : null].filter(Boolean).join(' ');
  return (
    <fieldset className={clsx('m-0 min-w-0 border-0 p-0', className)} aria-describedby={describedBy || undefined}>
      <legend className={clsx('text-base font-semibold text-slate-900', hideLegend && 'sr-only')}>{legend}</legend>
      {description ? (
        <p id={descriptionId} className="mt-1 text-sm text-slate-600">
          {description}
        </p>
      ) : null}
      <div className={clsx('mt-3 grid grid-cols-1 gap-3', columnClass[columns])}>{children}</div>
      {/* Choosing Next leaves focus on the button, so nothing would read this error out otherwise. */}
      <FieldError id={errorId(name)} message={error} announce />
    </fieldset>
  );
}

export interface ChoiceCardProps {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  /** The radio's accessible name: keep it short (the details are its description). */
  title: ReactNode;
  /** A short line under the title (price, "free"). */
  meta?: ReactNode;
  badge?: ReactNode;
  children?: ReactNode;
  invalid?: boolean;
  className?: string;
}

/**
 * One choice drawn as a card. It stays a real, visible radio input with the title as its label,
 * so keyboards, screen readers and tests (`input[name=...][value=...]`) use it as a radio; the
 * rest of the card describes it, and a click anywhere on the card picks it.
 */
export function ChoiceCard({
  name,
  value,
  checked,
  onChange,
  title,
  meta,
  badge,
  children,
  invalid,
  className,
}: ChoiceCardProps) {
  const id = `${name}-${value}`.replace(/[^\w-]/g, '_');
  const detailsId = `${id}-details`;
  const hasDetails = Boolean(meta || badge || children);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a mouse shortcut only; the radio inside is the keyboard and screen-reader control
    // biome-ignore lint/a11y/useKeyWithClickEvents: the radio inside handles the keyboard
    <div
      onClick={() => onChange(value)}
      className={clsx(
        'flex cursor-pointer gap-3 rounded-xl border-2 p-4 transition-colors',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600',
        checked
          ? 'border-indigo-600 bg-indigo-50'
          : invalid
            ? 'border-red-300 bg-white hover:border-red-400'
            : 'border-slate-200 bg-white hover:border-slate-300',
        className,
      )}
    >
      <input
        type="radio"
        id={id}
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        aria-describedby={hasDetails ? detailsId : undefined}
        className="mt-0.5 size-5 shrink-0 cursor-pointer accent-indigo-600 focus:outline-none"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor={id} className="cursor-pointer font-semibold leading-6 text-slate-900">
          {title}
        </label>
        {hasDetails ? (
          <div id={detailsId} className="flex flex-col gap-1">
            {badge ? (
              <span className="w-fit rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                {badge}
              </span>
            ) : null}
            {meta ? <span className="text-sm font-semibold text-indigo-700">{meta}</span> : null}
            {children ? <div className="text-sm text-slate-700">{children}</div> : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
