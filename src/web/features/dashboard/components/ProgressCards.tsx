import { clsx } from 'clsx';
import { Clock, LifeBuoy } from 'lucide-react';
import { Link } from 'react-router';
import type { PaymentStatus } from '../../../../shared/features/formations/formation.domain';
import {
  dayNumber,
  type ExpectedWait,
  isOverdue,
  offersSupport,
  type StageKind,
  type StageWaitsFor,
  stageWaitsFor,
} from '../../../../shared/features/formations/stage-waits.domain';
import { Card } from '../../../components/ui/Card';
import { buttonLinkClass, buttonLinkVariants } from '../../../components/ui/ExternalLink';
import { Stepper } from '../../../components/ui/Stepper';
import { durationText } from '../../../lib/duration';
import { useFormat } from '../../../lib/format';
import type { MyFormation, StageTimeline } from '../../../lib/formation';
import type { TFunction } from '../../../lib/translator';
import { useTranslation } from '../../../lib/useTranslation';
import { EinFollowUpsList } from '../../ein-follow-ups';
import { FormationPaymentBadge } from '../../payments';

const T = 'dashboard.stageTimeline';

/** Says which kind of wait it is: the catalogue's usual range, or this portal's own median. */
function expectedWaitText(t: TFunction, wait: ExpectedWait): string {
  return wait.source === 'median'
    ? t(`${T}.median`, { count: wait.days })
    : t(`${T}.usually`, { range: durationText(t, wait) });
}

function waitsForText(t: TFunction, kind: StageKind, stage: string, waitsFor: StageWaitsFor | null): string | null {
  if (!waitsFor) return null;
  if (kind === 'formation' && stage === 'preparation') {
    return t(`${T}.waitsFor.formation.${waitsFor === 'customer' ? 'preparationSelf' : 'preparationService'}`);
  }
  return t(`${T}.waitsFor.${kind}.${stage}`);
}

/**
 * The stages' names (product.md#other-states), but the truth for the one that would claim too much: the formation's
 * ein_created is reached when the EIN is applied for, so until it is issued it reads "EIN applied for".
 */
function stageLabeler(t: TFunction, kind: StageKind, einIssued: boolean): (stage: string) => string {
  const ns = kind === 'formation' ? 'formationStatus' : 'einStatus';
  return (stage) =>
    kind === 'formation' && stage === 'ein_created' && !einIssued
      ? t(`${T}.einApplied`)
      : t(`catalogue.${ns}.${stage}`);
}

interface TimelineView {
  currentIndex: number;
  reachedAt: string | null;
  day: number | null;
  overdue: boolean;
  waitsFor: StageWaitsFor | null;
}

function viewOf(kind: StageKind, timeline: StageTimeline, selfService: boolean): TimelineView {
  const currentIndex = timeline.stages.findIndex((s) => s.stage === timeline.current);
  const reachedAt = timeline.stages[currentIndex]?.reachedAt ?? null;
  const day = reachedAt ? dayNumber(reachedAt) : null;
  return {
    currentIndex,
    reachedAt,
    day,
    overdue: day !== null && isOverdue(day, timeline.expectedWait),
    waitsFor: stageWaitsFor(kind, timeline.current, { selfService }),
  };
}

/**
 * The stages with their dates: done ones say when they were reached; the current one what it waits for,
 * since when, which day it is and the expected wait; later ones nothing yet.
 */
function TimelineStepper({
  kind,
  timeline,
  view,
  label,
  labelOf,
}: {
  kind: StageKind;
  timeline: StageTimeline;
  view: TimelineView;
  label: string;
  labelOf: (stage: string) => string;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const details = timeline.stages.map(({ stage, reachedAt }, index) => {
    if (index < view.currentIndex) {
      return reachedAt ? (
        <time key={stage} dateTime={reachedAt} data-testid={`stage-date-${stage}`}>
          {t(`${T}.reachedOn`, { date: fmt.date(reachedAt) })}
        </time>
      ) : null;
    }
    if (index > view.currentIndex) return null;
    const waits = waitsForText(t, kind, stage, view.waitsFor);
    return (
      <div key={stage} className="space-y-0.5">
        {waits ? <p className="font-medium text-slate-800">{waits}</p> : null}
        {reachedAt ? (
          <p className="flex flex-wrap items-center gap-x-2">
            <time dateTime={reachedAt} data-testid={`stage-date-${stage}`}>
              {t(`${T}.since`, { date: fmt.date(reachedAt) })}
            </time>
            <span aria-hidden="true">·</span>
            <span
              data-testid="stage-day-counter"
              className={clsx('font-semibold', view.overdue ? 'text-amber-800' : 'text-indigo-700')}
            >
              {t(`${T}.day`, { day: view.day })}
            </span>
          </p>
        ) : null}
        {timeline.expectedWait ? (
          <p
            data-testid="stage-expected-wait"
            data-source={timeline.expectedWait.source}
            className="flex items-start gap-1.5"
          >
            <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
            <span>{expectedWaitText(t, timeline.expectedWait)}</span>
          </p>
        ) : null}
      </div>
    );
  });
  return (
    <Stepper
      className="mt-5"
      orientation="vertical"
      label={label}
      steps={timeline.stages.map((s) => labelOf(s.stage))}
      current={view.currentIndex}
      details={details}
    />
  );
}

/** Past the usual wait on someone else's side: say so and offer a ticket that already says which and since when. */
function OverdueNotice({
  kind,
  timeline,
  view,
  company,
  labelOf,
}: {
  kind: StageKind;
  timeline: StageTimeline;
  view: TimelineView;
  company: string | null;
  labelOf: (stage: string) => string;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (!offersSupport(view.waitsFor, view.overdue) || !timeline.expectedWait || !view.reachedAt) return null;
  const vars = {
    kind: t(`dashboard.${kind}.title`),
    stage: labelOf(timeline.current),
    date: fmt.date(view.reachedAt),
    day: view.day ?? 1,
  };
  const wait = timeline.expectedWait;
  const params = new URLSearchParams({
    subject: t(`${T}.overdue.subject`, vars),
    body: t(`${T}.overdue.message`, {
      ...vars,
      wait: wait.source === 'median' ? t(`${T}.median`, { count: wait.days }) : durationText(t, wait),
      company: company ?? '—',
    }),
  });
  return (
    <div data-testid="stage-overdue" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
      <p className="font-semibold">{t(`${T}.overdue.title`)}</p>
      <p className="mt-1 text-sm">{t(`${T}.overdue.body`, vars)}</p>
      <Link
        to={`/support?${params.toString()}`}
        data-testid="stage-overdue-support"
        className={clsx(buttonLinkClass, buttonLinkVariants.secondary, 'mt-3')}
      >
        <LifeBuoy aria-hidden="true" className="size-4" />
        {t(`${T}.overdue.action`)}
      </Link>
    </div>
  );
}

/** product.md#dashboard, product.md#other-states: the formation's four stages, each with its date (decision 0016). */
export function FormationProgressCard({
  data,
  paymentStatus,
}: {
  data: MyFormation;
  /** Shown only for the turnkey package (the caller decides). */
  paymentStatus: PaymentStatus | null;
}) {
  const { t } = useTranslation();
  const { formation, einApplication: ein, timeline } = data;
  const view = viewOf('formation', timeline.formation, formation.companyFormationPreference === 'self');
  const labelOf = stageLabeler(t, 'formation', ein?.einStatus === 'ein_issued');
  return (
    <Card data-testid="formation-progress">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{t('dashboard.formation.title')}</h2>
        <p className="text-sm font-medium text-slate-700" data-testid="formation-stage">
          {t('dashboard.formation.stage', {
            current: formation.stage,
            total: timeline.formation.stages.length,
            status: labelOf(formation.formationStatus),
          })}
        </p>
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <p className="text-sm text-slate-600">
          {t('dashboard.formation.type', {
            type: t(`catalogue.formationType.${formation.companyFormationPreference}`),
          })}
        </p>
        {paymentStatus ? <FormationPaymentBadge status={paymentStatus} /> : null}
      </div>
      <TimelineStepper
        kind="formation"
        timeline={timeline.formation}
        view={view}
        label={t('dashboard.formation.stepper')}
        labelOf={labelOf}
      />
      {/* Once the EIN is applied for, the EIN card tells of a late IRS; one notice, not two. */}
      {ein ? null : (
        <OverdueNotice
          kind="formation"
          timeline={timeline.formation}
          view={view}
          company={formation.businessName}
          labelOf={labelOf}
        />
      )}
    </Card>
  );
}

/**
 * The EIN's five stages from the application's submit until the EIN is issued (decision 0017: from stage 1,
 * where product.md#dashboard showed it from stage 2). The stage shown is the customer's: ss4_ready without the
 * form is still waiting for it.
 */
export function EinProgressCard({ data }: { data: MyFormation }) {
  const { t } = useTranslation();
  const { formation, einApplication: ein, timeline } = data;
  if (!ein || !timeline.ein || ein.einStatus === 'ein_issued') return null;
  const view = viewOf('ein', timeline.ein, formation.companyFormationPreference === 'self');
  const labelOf = stageLabeler(t, 'ein', false);
  return (
    <Card data-testid="ein-progress">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{t('dashboard.ein.title')}</h2>
        <p className="text-sm font-medium text-slate-700" data-testid="ein-stage">
          {t('dashboard.ein.stage', {
            current: view.currentIndex + 1,
            total: timeline.ein.stages.length,
            status: labelOf(timeline.ein.current),
          })}
        </p>
      </div>
      <TimelineStepper
        kind="ein"
        timeline={timeline.ein}
        view={view}
        label={t('dashboard.ein.stepper')}
        labelOf={labelOf}
      />
      <EinFollowUpsList followUps={timeline.ein.followUps} />
      <OverdueNotice
        kind="ein"
        timeline={timeline.ein}
        view={view}
        company={formation.businessName}
        labelOf={labelOf}
      />
    </Card>
  );
}
