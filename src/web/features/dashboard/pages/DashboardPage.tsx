import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ArrowRight,
  Building2,
  CircleCheck,
  FileText,
  Landmark,
  LifeBuoy,
  type LucideIcon,
  Mail,
  MapPin,
  RefreshCw,
  ShoppingBag,
  Wrench,
} from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { isApiError } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { type MyFormation, useMyFormation } from '../../../lib/formation';
import { displayName } from '../../../lib/me';
import { useMe } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { useIdle } from '../../../lib/whenIdle';
import { loadComplianceCalendarCard } from '../../compliance';
import { loadFilingTasks } from '../../filings';
import { loadMailCard } from '../../mail';
import { loadOrdersCard } from '../../payments';
import { loadRenewalCard } from '../../renewals';
import { SsnRetentionNotice } from '../../retention';
import { supportUnreadQuery } from '../../support';
import { TIMELINE_KEY } from '../api/timeline';
import { CompanyCard } from '../components/CompanyCard';
import { NextStepCard } from '../components/NextStepCard';
import { nextSteps } from '../components/nextSteps';
import { EinProgressCard, FormationProgressCard } from '../components/ProgressCards';

/*
 * Below the first screen on a phone: their code loads once the page has drawn and the browser is idle,
 * not before it (decisions 0060, 0096; rendered at once, they were fetched before the page's largest
 * paint). One boundary for all six, the last of the main column, so they appear together and never push
 * one another.
 */
const MailCard = lazy(() => loadMailCard().then((m) => ({ default: m.MailCard })));
const RenewalCard = lazy(() => loadRenewalCard().then((m) => ({ default: m.RenewalCard })));
const FilingTasks = lazy(() => loadFilingTasks().then((m) => ({ default: m.FilingTasks })));
const ComplianceCalendarCard = lazy(() =>
  loadComplianceCalendarCard().then((m) => ({ default: m.ComplianceCalendarCard })),
);
const OrdersCard = lazy(() => loadOrdersCard().then((m) => ({ default: m.OrdersCard })));
const HistoryCard = lazy(() => import('../components/HistoryCard').then((m) => ({ default: m.HistoryCard })));

const HEADER_LINKS: { to: string; key: string; icon: LucideIcon }[] = [
  { to: '/formation-service', key: 'formationService', icon: Wrench },
  { to: '/services', key: 'services', icon: ShoppingBag },
  { to: '/documents', key: 'documents', icon: FileText },
  // The mailroom (decision 0086): the letters that reach the company's US address.
  { to: '/mail', key: 'mail', icon: Mail },
  { to: '/support', key: 'support', icon: LifeBuoy },
];

/** product.md#dashboard Dashboard: progress of the formation (4 stages) and the EIN (5 stages), and what to do next. */
export function DashboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const formation = useMyFormation();
  const [refreshing, setRefreshing] = useState(false);
  const name = me ? displayName(me.user) : '';

  // No formation record yet: onboarding first. A lost session: sign in again.
  useEffect(() => {
    if (formation.data === null) navigate('/onboarding', { replace: true });
  }, [formation.data, navigate]);
  // A failed first load; a failed refresh keeps the data shown and says so itself.
  const loadFailed = formation.isError && formation.data === undefined;
  useEffect(() => {
    if (!loadFailed) return;
    if (isApiError(formation.error, 'UNAUTHENTICATED')) {
      navigate('/signin', { replace: true });
    } else {
      toast.error(t('dashboard.loadFailed'), { id: 'dashboard-load-failed' });
    }
  }, [loadFailed, formation.error, navigate, t]);

  async function refresh() {
    setRefreshing(true);
    // The History moves with the stages; its own failure shows inside its card, not in this toast.
    void queryClient.invalidateQueries({ queryKey: TIMELINE_KEY });
    const result = await formation.refetch();
    setRefreshing(false);
    if (result.isError) toast.error(t('dashboard.refresh.failed'));
    else toast.success(t('dashboard.refresh.success'));
  }

  const title = t('dashboard.greeting', { name });

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-10">
      <title>{`${t('dashboard.title')} · ${t('common.appName')}`}</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          <p className="mt-1 text-slate-600">{t('dashboard.subtitle')}</p>
        </div>
        <Button
          variant="secondary"
          onClick={() => void refresh()}
          loading={refreshing}
          disabled={formation.isPending}
          className="self-start"
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('dashboard.refresh.label')}
        </Button>
      </div>

      <nav aria-label={t('dashboard.links.label')} className="mt-6">
        <ul className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          {HEADER_LINKS.map(({ to, key, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 text-sm font-medium text-slate-800 shadow-sm hover:border-indigo-300 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                <Icon aria-hidden="true" className="size-4 shrink-0 text-indigo-600" />
                {t(`dashboard.links.${key}`)}
                {to === '/support' ? <SupportUnreadBadge testId="dashboard-support-unread" /> : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {formation.data ? (
        <DashboardContent data={formation.data} />
      ) : loadFailed ? (
        <Alert
          tone="error"
          className="mt-8"
          action={
            <Button variant="secondary" size="sm" onClick={() => void formation.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('dashboard.loadFailed')}
        </Alert>
      ) : (
        <div role="status" className="mt-10 flex items-center justify-center gap-2 text-slate-600">
          <Spinner className="size-6 text-indigo-600" />
          {t('common.loading')}
        </div>
      )}
    </div>
  );
}

function DashboardContent({ data }: { data: MyFormation }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  // The cards below the first screen: mounted once it has painted (decisions 0060, 0096).
  const cardsBelow = useIdle({ sliced: true });
  const { formation } = data;
  const completed = formation.formationStatus === 'process_completed';
  const steps = nextSteps(data, t, fmt.timing('ein'));
  // Only the turnkey package is paid for; a self-service formation's stored 'pending' means nothing.
  const paymentStatus = formation.companyFormationPreference === 'service' ? formation.paymentStatus : null;

  return (
    <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        {completed ? (
          <CompanyCard data={data} paymentStatus={paymentStatus} />
        ) : (
          <>
            <FormationProgressCard data={data} paymentStatus={paymentStatus} />
            <CompanyCard data={data} />
          </>
        )}

        <EinProgressCard data={data} />

        <SsnRetentionNotice data={data} />

        {completed && steps.length === 0 ? null : (
          <Card>
            <h2 className="text-lg font-semibold text-slate-900">{t('dashboard.next.title')}</h2>
            {steps.length > 0 ? (
              <ul className="mt-4 space-y-3">
                {steps.map((step) => (
                  <NextStepCard key={step.id} step={step} />
                ))}
              </ul>
            ) : (
              <p className="mt-3 flex items-center gap-2 text-slate-700">
                <CircleCheck aria-hidden="true" className="size-5 text-emerald-600" />
                {t('dashboard.next.none')}
              </p>
            )}
          </Card>
        )}

        {cardsBelow ? (
          <Suspense fallback={null}>
            <MailCard />
            <RenewalCard />
            <FilingTasks />
            <ComplianceCalendarCard />
            <OrdersCard />
            <HistoryCard />
          </Suspense>
        ) : null}
      </div>

      <aside className="space-y-6" aria-label={t('dashboard.aside')}>
        <Card className="sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900">{t('dashboard.guides.title')}</h2>
          <ul className="mt-4 space-y-3">
            <GuideLink
              to="/bank-account"
              icon={Landmark}
              title={t('dashboard.guides.bank.title')}
              body={t('dashboard.guides.bank.body')}
            />
            <GuideLink
              to="/business-address"
              icon={MapPin}
              title={t('dashboard.guides.address.title')}
              body={t('dashboard.guides.address.body')}
            />
            {formation.companyFormationPreference === 'self' && formation.formationStatus !== 'preparation' ? (
              <GuideLink
                to="/formation"
                icon={Building2}
                title={t('dashboard.guides.formation.title')}
                body={t('dashboard.guides.formation.body')}
              />
            ) : null}
          </ul>
        </Card>
        <section className="rounded-2xl bg-slate-900 p-5 text-white shadow-sm sm:p-6" data-testid="help-block">
          <LifeBuoy aria-hidden="true" className="size-8 text-indigo-300" />
          <h2 className="mt-3 text-lg font-semibold">{t('dashboard.help.title')}</h2>
          <p className="mt-1 text-sm text-slate-300">{t('dashboard.help.body')}</p>
          <Link
            to="/support"
            className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-lg bg-white px-4 font-medium text-slate-900 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {t('dashboard.help.action')}
            <SupportUnreadBadge testId="help-support-unread" />
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </section>
      </aside>
    </div>
  );
}

/** Staff replies the customer has not read (decision 0010); nothing when there are none or the count fails. */
function SupportUnreadBadge({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const { data: count } = useQuery(supportUnreadQuery);
  if (!count) return null;
  return (
    <span
      data-testid={testId}
      className="inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold leading-5 text-white"
    >
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">({t('support.dashboardBadge', { count })})</span>
    </span>
  );
}

function GuideLink({ to, icon: Icon, title, body }: { to: string; icon: LucideIcon; title: string; body: string }) {
  return (
    <li>
      <Link
        to={to}
        className="group flex items-start gap-3 rounded-xl border border-slate-200 p-3 hover:border-indigo-300 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" />
        <span>
          <span className="block font-medium text-indigo-700 group-hover:underline">{title}</span>
          <span className="mt-0.5 block text-sm text-slate-600">{body}</span>
        </span>
      </Link>
    </li>
  );
}
