import { Check } from 'lucide-react';
import { REGISTERED_AGENT_RENEWAL } from '../../../../shared/catalogue/packages';
import { FEATURED_STATES, OTHER_STATES, STATE_FEES_CHECKED_ON } from '../../../../shared/catalogue/states';
import { formatCalendarDateLong } from '../../../../shared/format/dates';
import { ChoiceCard, ChoiceGroup } from '../../../components/ui/ChoiceCard';
import { errorId, FieldError } from '../../../components/ui/Label';
import { SelectField } from '../../../components/ui/Select';
import { WizardStep } from '../../../components/ui/WizardStep';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import type { Values } from './wizardState';

/** Step 3: the featured states with their fees, or any other state from a list. */
export function StateStep({
  focus,
  values,
  error,
  onChange,
}: {
  focus: boolean;
  values: Values;
  error?: string;
  onChange: (state: string | null, type: Values['stateType']) => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const otherValue = values.stateType === 'other' ? (values.stateSelected ?? '') : '';
  return (
    <WizardStep
      title={t('formationService.state.title')}
      description={t('formationService.state.intro')}
      focusOnMount={focus}
    >
      <ChoiceGroup legend={t('formationService.state.featured')} name="stateSelected" columns={3}>
        {FEATURED_STATES.map((state) => (
          <ChoiceCard
            key={state.name}
            name="stateSelected"
            value={state.name}
            checked={values.stateType !== 'other' && values.stateSelected === state.name}
            onChange={(v) => onChange(v, 'recommended')}
            invalid={Boolean(error)}
            title={state.name}
            badge={state.recommended ? t('formationService.state.recommended') : undefined}
          >
            <dl className="space-y-1">
              {[
                { id: 'filing', label: t('catalogue.stateFees.filingFee'), value: fmt.usd(state.filingFee) },
                { id: 'annual', label: t('catalogue.stateFees.annualFee'), value: fmt.perYear(state.annualFee) },
                // The package pays the agent's first year; the renewal price is what the customer pays later.
                {
                  id: 'agent',
                  label: t('catalogue.stateFees.registeredAgentFee'),
                  value: t('formationService.payment.agentIncluded'),
                },
                {
                  id: 'agentRenewal',
                  label: t('catalogue.registeredAgentRenewal'),
                  value: fmt.perYear(REGISTERED_AGENT_RENEWAL),
                },
              ].map((row) => (
                <div key={row.id} className="flex justify-between gap-2">
                  <dt className="text-slate-600">{row.label}</dt>
                  <dd className="shrink-0 text-right font-semibold text-slate-900">{row.value}</dd>
                </div>
              ))}
            </dl>
            <ul className="mt-3 space-y-1">
              {state.features.map((key) => (
                <li key={key} className="flex items-start gap-1.5">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                  {t(`catalogue.stateFeatures.${key}`)}
                </li>
              ))}
            </ul>
          </ChoiceCard>
        ))}
      </ChoiceGroup>
      <p className="text-xs text-slate-500">
        {t('catalogue.stateFees.checkedOn', { date: formatCalendarDateLong(STATE_FEES_CHECKED_ON, fmt.lang) })}
      </p>
      <SelectField
        id="otherState"
        name="stateSelected"
        label={t('formationService.state.other', { count: OTHER_STATES.length })}
        hint={t('formationService.state.otherHint')}
        value={otherValue}
        onChange={(event) => onChange(event.target.value || null, event.target.value ? 'other' : null)}
      >
        <option value="">{t('formationService.state.otherPlaceholder')}</option>
        {OTHER_STATES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </SelectField>
      <FieldError id={errorId('stateSelected')} message={error} />
    </WizardStep>
  );
}
