import { Check } from 'lucide-react';
import { PACKAGES, type PackageId } from '../../../../shared/catalogue/packages';
import { ChoiceCard, ChoiceGroup } from '../../../components/ui/ChoiceCard';
import { WizardStep } from '../../../components/ui/WizardStep';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import type { ChoiceStepProps } from './wizardState';

/** Step 1: the two turnkey packages with their price and contents. */
export function PackageStep({ focus, value, error, onChange }: ChoiceStepProps<PackageId>) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <WizardStep title={t('formationService.package.title')} focusOnMount={focus}>
      <ChoiceGroup legend={t('formationService.package.legend')} hideLegend name="packageSelected" error={error}>
        {PACKAGES.map((pkg) => (
          <ChoiceCard
            key={pkg.id}
            name="packageSelected"
            value={pkg.id}
            checked={value === pkg.id}
            onChange={() => onChange(pkg.id)}
            invalid={Boolean(error)}
            title={t(`catalogue.packages.${pkg.id}.name`)}
            meta={fmt.usd(pkg.price)}
          >
            <p>{t(`catalogue.packages.${pkg.id}.description`)}</p>
            <ul className="mt-3 space-y-1.5">
              {pkg.includes.map((key) => (
                <li key={key} className="flex items-start gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                  {t(`catalogue.packageIncludes.${key}`)}
                </li>
              ))}
            </ul>
          </ChoiceCard>
        ))}
      </ChoiceGroup>
    </WizardStep>
  );
}
