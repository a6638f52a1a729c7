import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/useTranslation';
import { Button } from './Button';

export interface StepperProps {
  /** Visible labels, already translated. */
  steps: readonly string[];
  /** Zero-based index of the current step. */
  current: number;
  /** Accessible name of the list, e.g. 'Onboarding steps'. */
  label: string;
  className?: string;
  /**
   * Vertical: one step a line with room for `details` under its label (a date, what it waits for),
   * readable on a phone. Horizontal (the default) is the wizards' compact row.
   */
  orientation?: 'horizontal' | 'vertical';
  /** Per step, shown under the label in the vertical layout. */
  details?: readonly ReactNode[];
}

/** Wizard progress; the current step carries aria-current="step" (ARCHITECTURE conventions). */
export function Stepper({ steps, current, label, className, orientation, details }: StepperProps) {
  const { t } = useTranslation();
  if (orientation === 'vertical') {
    return <VerticalStepper steps={steps} current={current} label={label} className={className} details={details} />;
  }
  return (
    <nav aria-label={label} className={className}>
      <p className="mb-3 text-sm font-medium text-slate-600 sm:sr-only">
        {t('common.stepOf', { current: current + 1, total: steps.length })}
      </p>
      <ol className="flex items-start gap-2">
        {steps.map((step, index) => {
          const done = index < current;
          const active = index === current;
          return (
            <li
              key={step}
              aria-current={active ? 'step' : undefined}
              className="flex flex-1 flex-col items-center gap-2 text-center"
            >
              <span
                className={clsx(
                  'flex size-8 items-center justify-center rounded-full border-2 text-sm font-semibold',
                  done && 'border-indigo-600 bg-indigo-600 text-white',
                  active && 'border-indigo-600 bg-white text-indigo-700',
                  !done && !active && 'border-slate-300 bg-white text-slate-500',
                )}
              >
                {done ? <Check aria-hidden="true" className="size-4" /> : index + 1}
              </span>
              <span
                className={clsx(
                  'sr-only text-xs sm:not-sr-only sm:text-sm',
                  active ? 'font-semibold text-slate-900' : 'text-slate-600',
                )}
              >
                {step}
                {done ? <span className="sr-only"> ({t('common.stepDone')})</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function VerticalStepper({ steps, current, label, className, details }: Omit<StepperProps, 'orientation'>) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label} className={className}>
      <ol>
        {steps.map((step, index) => {
          const done = index < current;
          const active = index === current;
          const last = index === steps.length - 1;
          return (
            <li key={step} aria-current={active ? 'step' : undefined} className="flex gap-3">
              <div className="flex flex-col items-center">
                <span
                  className={clsx(
                    'flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold',
                    done && 'border-indigo-600 bg-indigo-600 text-white',
                    active && 'border-indigo-600 bg-white text-indigo-700 ring-4 ring-indigo-100',
                    !done && !active && 'border-slate-300 bg-white text-slate-500',
                  )}
                >
                  {done ? <Check aria-hidden="true" className="size-4" /> : index + 1}
                </span>
                {last ? null : (
                  <span
                    aria-hidden="true"
                    className={clsx('my-1 w-0.5 flex-1', done ? 'bg-indigo-600' : 'bg-slate-200')}
                  />
                )}
              </div>
              <div className={clsx('min-w-0 flex-1 pt-1', last ? 'pb-0' : 'pb-5')}>
                <p
                  className={clsx(
                    'text-sm',
                    active ? 'font-semibold text-slate-900' : done ? 'text-slate-800' : 'text-slate-500',
                  )}
                >
                  {step}
                  {done ? <span className="sr-only"> ({t('common.stepDone')})</span> : null}
                </p>
                {details?.[index] ? <div className="mt-0.5 text-sm text-slate-600">{details[index]}</div> : null}
              </div>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

export interface WizardNavProps {
  onBack: () => void;
  /** Back is disabled on the first step (product.md#other-states). */
  isFirst: boolean;
  /** Label of the forward button; the last step's button is usually the submit. */
  nextLabel?: string;
  onNext?: () => void;
  nextType?: 'button' | 'submit';
  nextDisabled?: boolean;
  loading?: boolean;
}

/** Back and Next, with the test ids the wizards share (ARCHITECTURE conventions). */
export function WizardNav({
  onBack,
  isFirst,
  nextLabel,
  onNext,
  nextType = 'button',
  nextDisabled,
  loading,
}: WizardNavProps) {
  const { t } = useTranslation();
  return (
    <div className="mt-8 flex items-center justify-between gap-3">
      <Button variant="secondary" data-testid="wizard-back" onClick={onBack} disabled={isFirst || loading}>
        {t('common.back')}
      </Button>
      <Button data-testid="wizard-next" type={nextType} onClick={onNext} disabled={nextDisabled} loading={loading}>
        {nextLabel ?? t('common.continue')}
      </Button>
    </div>
  );
}
