import { ArrowRight, CalendarClock, LifeBuoy } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/useTranslation';

const lightLink =
  'inline-flex min-h-11 items-center gap-2 rounded-lg bg-white px-4 font-medium text-slate-900 hover:bg-indigo-50 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/** "Questions?": a way to the support desk, on the list and on a service's page. */
export function SupportPrompt({ title, body }: { title: string; body: string }) {
  const { t } = useTranslation();
  return (
    <section data-testid="services-support" className="rounded-2xl bg-slate-900 p-5 text-white shadow-sm sm:p-6">
      <LifeBuoy aria-hidden="true" className="size-8 text-indigo-300" />
      <h2 className="mt-3 text-lg font-semibold">{title}</h2>
      <p className="mt-1 text-sm text-slate-300">{body}</p>
      <Link to="/support" className={`mt-4 ${lightLink}`}>
        {t('services.support.action')}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </section>
  );
}

/**
 * product.md#customer-support: meeting scheduling is not offered yet; its button reads 'Yakında' and leads to support,
 * where a meeting can be asked for in writing.
 */
export function MeetingPrompt() {
  const { t } = useTranslation();
  const bodyId = useId();
  return (
    <section
      data-testid="services-meeting"
      className="rounded-2xl border border-dashed border-indigo-300 bg-indigo-50/60 p-5 sm:p-6"
    >
      <CalendarClock aria-hidden="true" className="size-8 text-indigo-600" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900">{t('services.meeting.title')}</h2>
      <p id={bodyId} className="mt-1 text-sm text-slate-700">
        {t('services.meeting.body')}
      </p>
      <Link
        to="/support"
        aria-describedby={bodyId}
        data-testid="services-meeting-link"
        className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-lg border border-indigo-300 bg-white px-4 font-medium text-indigo-800 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        {t('services.meeting.action')}
      </Link>
    </section>
  );
}
