import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/Card';
import { linkClass } from '../../../components/ui/TextLink';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { lettersQuery, newLetters } from '../api/mail';
import { LetterExplanation } from './LetterExplanation';

/**
 * The dashboard's card for new mail (decision 0086): each letter waiting for the customer's word (and
 * lawsuit papers until shredded) with what it is, what to do and by when. Nothing without new mail.
 */
export function MailCard() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { data } = useQuery(lettersQuery);
  const shown = newLetters(data);
  if (shown.length === 0) return null;
  const urgent = shown.some((l) => l.urgent);
  return (
    <Card data-testid="mail-card" className={urgent ? 'border-red-300 sm:p-6' : 'border-amber-300 sm:p-6'}>
      <div className="flex items-center gap-2">
        <Mail aria-hidden="true" className="size-5 text-indigo-600" />
        <h2 className="text-lg font-semibold text-slate-900">{t('mailroom.card.title')}</h2>
      </div>
      {urgent ? <p className="mt-2 text-sm font-semibold text-red-700">{t('mailroom.card.urgent')}</p> : null}
      <ul className="mt-3 divide-y divide-slate-200">
        {shown.map((letter) => (
          <li key={letter.id} className="py-3 first:pt-0">
            <p className="font-medium text-slate-900">{t(`mailroom.kinds.${letter.kind}.name`)}</p>
            <p className="text-sm text-slate-600">{t('mailroom.page.arrived', { date: fmt.day(letter.receivedOn) })}</p>
            {letter.heldReason === 'no_subscription' ? (
              <p className="mt-1 text-sm text-amber-800" data-testid="mail-card-held">
                {t('mailroom.page.heldNoSubscription')}{' '}
                <Link to="/account/subscriptions" className={`font-medium ${linkClass}`}>
                  {t('mailroom.page.renew')}
                </Link>
              </p>
            ) : null}
            <LetterExplanation letter={letter} compact />
          </li>
        ))}
      </ul>
      <Link to="/mail" className={`mt-3 inline-flex items-center gap-1.5 text-sm font-medium ${linkClass}`}>
        {t('mailroom.card.more')}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </Card>
  );
}
