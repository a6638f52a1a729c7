import { FileText, Search, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { EXTERNAL_LINKS } from '../../../../../shared/catalogue/links';
import { REGISTERED_AGENT_RENEWAL } from '../../../../../shared/catalogue/packages';
import { WYOMING } from '../../../../../shared/catalogue/states';
import { Alert } from '../../../../components/ui/Alert';
import { ExternalLink } from '../../../../components/ui/ExternalLink';
import { type Fact, FactList } from '../../../../components/ui/FactList';
import { VideoEmbed } from '../../../../components/ui/VideoEmbed';
import { WizardStep } from '../../../../components/ui/WizardStep';
import { useStateCostFacts } from '../../../../lib/costs';
import { useFormat } from '../../../../lib/format';
import { useTimingFacts } from '../../../../lib/timingFacts';
import { useTranslation } from '../../../../lib/useTranslation';

/* The formation guide's first three steps: what to read before forming the company yourself. */

/** Step 1: how long it takes and what Wyoming costs. */
export function OverviewStep({ focus }: { focus: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const costs = useStateCostFacts(WYOMING, Wallet);
  const timings = useTimingFacts();
  const facts: Fact[] = [
    timings.application(),
    timings.formation(),
    ...costs.facts,
    { id: 'ein', icon: FileText, label: t('catalogue.timing.labels.ein'), value: t('formation.overview.einFree') },
  ];
  return (
    <WizardStep title={t('formation.overview.title')} description={t('formation.overview.intro')} focusOnMount={focus}>
      <FactList facts={facts} />
      <div className="rounded-xl border border-slate-200 p-4">
        <h3 className="font-semibold text-slate-900">{t('formation.overview.wyomingTitle')}</h3>
        <p className="mt-1 text-sm text-slate-700">{t('formation.overview.wyomingBody')}</p>
        <ul className="mt-3 grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
          <li className="rounded-lg bg-slate-50 p-3">
            <span className="block text-slate-600">{t('catalogue.stateFees.filingFee')}</span>
            <span className="font-semibold text-slate-900">{fmt.usd(WYOMING.filingFee)}</span>
          </li>
          <li className="rounded-lg bg-slate-50 p-3">
            <span className="block text-slate-600">{t(`catalogue.stateFees.${WYOMING.annualFeeKind}`)}</span>
            <span className="font-semibold text-slate-900">{fmt.perYear(WYOMING.annualFee)}</span>
          </li>
          <li className="rounded-lg bg-slate-50 p-3">
            <span className="block text-slate-600">{t('catalogue.stateFees.registeredAgentFee')}</span>
            <span className="font-semibold text-slate-900">{fmt.usd(WYOMING.registeredAgentFee)}</span>
          </li>
          <li className="rounded-lg bg-slate-50 p-3">
            <span className="block text-slate-600">{t('catalogue.registeredAgentRenewal')}</span>
            <span className="font-semibold text-slate-900">{fmt.perYear(REGISTERED_AGENT_RENEWAL)}</span>
          </li>
        </ul>
        <p className="mt-2 text-xs text-slate-500">{costs.checkedOn}</p>
      </div>
    </WizardStep>
  );
}

/** Step 2: forming the company at the partner's site. */
export function StepByStep({ focus }: { focus: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <WizardStep
      title={t('formation.stepByStep.title')}
      description={t('formation.stepByStep.intro')}
      focusOnMount={focus}
    >
      <ol className="space-y-4">
        <GuideItem n={1} title={t('formation.stepByStep.name.title')} body={t('formation.stepByStep.name.body')}>
          <ExternalLink href={EXTERNAL_LINKS.wyomingNameSearch}>
            <Search aria-hidden="true" className="size-4" />
            {t('formation.stepByStep.name.link')}
          </ExternalLink>
        </GuideItem>
        <GuideItem n={2} title={t('formation.stepByStep.site.title')} body={t('formation.stepByStep.site.body')}>
          <ExternalLink href={EXTERNAL_LINKS.affiliateFormation} variant="primary">
            {t('formation.stepByStep.site.link')}
          </ExternalLink>
        </GuideItem>
        <GuideItem n={3} title={t('formation.stepByStep.form.title')} body={t('formation.stepByStep.form.body')} />
        <GuideItem
          n={4}
          title={t('formation.stepByStep.wait.title')}
          body={t('formation.stepByStep.wait.body', {
            duration: fmt.timing('formation'),
            wyoming: fmt.timing('formationWyoming'),
          })}
        />
      </ol>
      <div>
        <h3 className="mb-3 font-semibold text-slate-900">{t('formation.stepByStep.videoTitle')}</h3>
        <VideoEmbed src={EXTERNAL_LINKS.videos.formation} title={t('formation.stepByStep.videoTitle')} />
      </div>
    </WizardStep>
  );
}

/** Step 3: the EIN comes next, free. */
export function NextStepEin({ focus }: { focus: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const items = ['apply', 'ss4', 'irs'] as const;
  return (
    <WizardStep title={t('formation.nextStep.title')} description={t('formation.nextStep.intro')} focusOnMount={focus}>
      <ol className="space-y-4">
        {items.map((key, i) => (
          <GuideItem
            key={key}
            n={i + 1}
            title={t(`formation.nextStep.${key}.title`)}
            body={t(`formation.nextStep.${key}.body`, { duration: fmt.timing('ein') })}
          />
        ))}
      </ol>
      <Alert tone="info">{t('formation.nextStep.free')}</Alert>
    </WizardStep>
  );
}

function GuideItem({ n, title, body, children }: { n: number; title: string; body: string; children?: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700">
        {n}
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <p className="mt-1 text-sm text-slate-700">{body}</p>
        {children ? <div className="mt-3">{children}</div> : null}
      </div>
    </li>
  );
}
