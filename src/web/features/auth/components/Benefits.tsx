import { Clock, ShieldCheck, Sparkles } from 'lucide-react';
import { TIMINGS } from '../../../../shared/catalogue/timings';
import { durationText } from '../../../lib/duration';
import { useTranslation } from '../../../lib/useTranslation';

const BENEFITS = [
  { key: 'easy', Icon: Sparkles },
  { key: 'secure', Icon: ShieldCheck },
  { key: 'fast', Icon: Clock },
] as const;

/** The three reasons on the sign-in page (product.md#public-pages). */
export function Benefits() {
  const { t } = useTranslation();
  // The waits come from the catalogue's timings, the same figures every other page states.
  const vars = {
    formation: durationText(t, TIMINGS.formation),
    wyoming: durationText(t, TIMINGS.formationWyoming),
    ein: durationText(t, TIMINGS.ein),
  };
  return (
    <section aria-labelledby="benefits-title" className="lg:px-4">
      <h2 id="benefits-title" className="text-xl font-semibold text-slate-900">
        {t('auth.benefits.title')}
      </h2>
      <ul className="mt-5 space-y-5">
        {BENEFITS.map(({ key, Icon }) => (
          <li key={key} className="flex gap-4">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-indigo-700">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div>
              <h3 className="font-semibold text-slate-900">{t(`auth.benefits.${key}.title`, vars)}</h3>
              <p className="mt-1 text-slate-600">{t(`auth.benefits.${key}.body`, vars)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
