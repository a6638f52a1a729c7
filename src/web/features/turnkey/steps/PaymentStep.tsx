import { Landmark } from 'lucide-react';
import { ADDRESS_PRICES, findPackage, REGISTERED_AGENT_RENEWAL } from '../../../../shared/catalogue/packages';
import { FEATURED_STATES } from '../../../../shared/catalogue/states';
import { packageOrderAmount } from '../../../../shared/features/payments/orders.domain';
import { Alert } from '../../../components/ui/Alert';
import { type Fact, FactList } from '../../../components/ui/FactList';
import { WizardStep } from '../../../components/ui/WizardStep';
import { stateFeesCheckedText } from '../../../lib/costs';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { useAddressStateNote } from './AddressStep';
import type { Values } from './wizardState';

/** What the state charges, paid apart from the checkout: its fees when featured, else a note that they vary. */
function useStateFacts(stateSelected: string | null): Fact[] {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (!stateSelected) return [];
  const featured = FEATURED_STATES.find((s) => s.name === stateSelected);
  if (!featured) {
    return [
      {
        id: 'state',
        icon: Landmark,
        label: t('formationService.payment.stateFees', { state: stateSelected }),
        value: t('formationService.payment.stateFeesVary'),
      },
    ];
  }
  const stateFee = (fee: 'filingFee' | 'annualReport' | 'annualTax') =>
    t('formationService.payment.stateFee', { state: featured.name, fee: t(`catalogue.stateFees.${fee}`) });
  return [
    {
      id: 'filing',
      icon: Landmark,
      label: stateFee('filingFee'),
      value: fmt.usd(featured.filingFee),
      note: stateFeesCheckedText(t, fmt.lang, [featured]),
    },
    { id: 'annual', icon: Landmark, label: stateFee(featured.annualFeeKind), value: fmt.perYear(featured.annualFee) },
    {
      id: 'agent',
      icon: Landmark,
      label: t('catalogue.stateFees.registeredAgentFee'),
      value: t('formationService.payment.agentIncluded'),
      note: t('formationService.process.agentNote', { amount: fmt.perYear(REGISTERED_AGENT_RENEWAL) }),
    },
  ];
}

/** Step 5: the itemised amount charged now (package + address → total), the state's fees, and checkout. */
export function PaymentStep({
  focus,
  values,
  paymentError,
  paid,
}: {
  focus: boolean;
  values: Values;
  paymentError: string | null;
  paid: boolean;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const stateNote = useAddressStateNote();
  const stateFacts = useStateFacts(values.stateSelected);
  const pkg = values.packageSelected ? findPackage(values.packageSelected) : null;
  const address = values.businessAddress;
  // Both come from the catalogue; the total is the same sum the checkout charges.
  const total = pkg && address ? packageOrderAmount(pkg.id, address) : null;
  return (
    <WizardStep
      title={t('formationService.payment.title')}
      description={t(paid ? 'formationService.payment.paid.intro' : 'formationService.payment.intro')}
      focusOnMount={focus}
    >
      {paid ? (
        <Alert tone="success">
          <p className="font-semibold" data-testid="formation-service-paid">
            {t('formationService.payment.paid.title')}
          </p>
          <p className="mt-0.5">{t('formationService.payment.paid.body')}</p>
        </Alert>
      ) : null}
      {pkg && address && total !== null ? (
        <div className="rounded-xl bg-indigo-50 px-4 py-3">
          <dl data-testid="formation-service-breakdown" className="space-y-1.5 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-slate-700">
                {t('formationService.payment.package', { name: t(`catalogue.packages.${pkg.id}.name`) })}
              </dt>
              <dd className="font-semibold text-slate-900">{fmt.usd(pkg.price)}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-slate-700">
                {t('formationService.payment.addressFirstYear', {
                  name: t(`catalogue.addressOptions.${address}`),
                })}
              </dt>
              <dd className="font-semibold text-slate-900">
                {ADDRESS_PRICES[address] > 0 ? `+${fmt.usd(ADDRESS_PRICES[address])}` : t('catalogue.free')}
              </dd>
            </div>
            <div className="flex flex-col gap-1 border-t border-indigo-200 pt-2 sm:flex-row sm:items-center sm:justify-between">
              <dt>
                <span className="block font-semibold text-slate-900">
                  {t(paid ? 'formationService.payment.totalPaid' : 'formationService.payment.total')}
                </span>
                <span className="block text-xs text-slate-600">{t('formationService.payment.totalNote')}</span>
              </dt>
              <dd data-testid="formation-service-total" className="text-2xl font-bold tracking-tight text-slate-900">
                {fmt.usd(total)}
              </dd>
            </div>
          </dl>
        </div>
      ) : null}
      {address === 'private_address' ? <p className="text-sm text-slate-600">{stateNote}</p> : null}
      {stateFacts.length > 0 ? (
        <section aria-labelledby="state-fees-title" className="space-y-3">
          <h3 id="state-fees-title" className="font-semibold text-slate-900">
            {t('formationService.payment.stateFeesTitle')}
          </h3>
          <FactList facts={stateFacts} />
        </section>
      ) : null}
      {paid ? null : <p className="text-sm text-slate-600">{t('formationService.payment.redirectNote')}</p>}
      {paymentError ? <Alert tone="error">{paymentError}</Alert> : null}
    </WizardStep>
  );
}
