import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ExternalLink, Mail, Send } from 'lucide-react';
import { Link } from 'react-router';
import type { LetterDecision } from '../../../../shared/features/mail/mail.domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { PageHeading } from '../../../components/ui/PageHeading';
import { Spinner } from '../../../components/ui/Spinner';
import { linkClass } from '../../../components/ui/TextLink';
import { failureToast } from '../../../lib/errors';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import {
  decideLetter,
  forwardLetter,
  LETTERS_KEY,
  type LetterView,
  lettersQuery,
  mailSettingsQuery,
  payForScan,
  type ScanAllowanceView,
} from '../api/mail';
import { LetterExplanation } from '../components/LetterExplanation';
import { LetterStatus } from '../components/LetterStatus';
import { MailSettingsCard } from '../components/MailSettingsCard';

/** /mail (decision 0086): every letter that reached the company's US address, and the customer's word on each. */
export function MailPage() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery(lettersQuery);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <title>{`${t('mailroom.page.title')} · ${t('common.appName')}`}</title>
      <PageHeading icon={Mail} title={t('mailroom.page.title')} subtitle={t('mailroom.page.intro')} />
      {isPending ? (
        <div role="status" className="flex justify-center py-12">
          <Spinner className="size-8 text-indigo-600" />
          <span className="sr-only">{t('common.loading')}</span>
        </div>
      ) : isError ? (
        <Alert tone="error">{t('mailroom.page.loadFailed')}</Alert>
      ) : data.letters.length === 0 ? (
        <Alert tone="info">{t('mailroom.page.empty')}</Alert>
      ) : (
        <>
          <ScansThisMonth scans={data.scans} />
          <ul className="space-y-4" data-testid="letters">
            {data.letters.map((letter) => (
              <li key={letter.id}>
                <LetterCard letter={letter} />
              </li>
            ))}
          </ul>
        </>
      )}
      <MailSettingsCard />
      <div className="mt-6 text-center">
        <Link to="/dashboard" className={`inline-flex items-center gap-2 font-medium ${linkClass}`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('common.backToDashboard')}
        </Link>
      </div>
    </div>
  );
}

/** "N of M scans used this month" and an extra scan's price, before the customer decides (decision 0099). */
function ScansThisMonth({ scans }: { scans: ScanAllowanceView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (scans.included === null) return null;
  return (
    <p className="mb-4 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="scans-used">
      {t('mailroom.page.scansUsed', { used: scans.used, included: scans.included })}{' '}
      {scans.extraPriceCents === null
        ? t('mailroom.page.extraScanUnavailable')
        : t('mailroom.page.extraScanPrice', { amount: fmt.usd(scans.extraPriceCents) })}
    </p>
  );
}

function LetterCard({ letter }: { letter: LetterView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: (decision: LetterDecision) => decideLetter(letter.id, { decision }),
    onSuccess: async () => {
      toast.success(t('mailroom.page.decided'));
      await queryClient.invalidateQueries({ queryKey: LETTERS_KEY });
    },
    onError: (error) => failureToast(error, 'mailroom.page.decideFailed', t),
  });
  const { data: settings } = useQuery(mailSettingsQuery);
  const forward = useMutation({
    mutationFn: () => forwardLetter(letter.id),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => failureToast(error, 'mailroom.page.forwardFailed', t),
  });
  const scanCheckout = useMutation({
    mutationFn: () => payForScan(letter.id),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => failureToast(error, 'mailroom.page.forwardFailed', t),
  });
  const sender = letter.senderName ?? t(`mailroom.senders.${letter.sender}`);
  return (
    <Card className={letter.urgent ? 'border-red-300 ring-1 ring-red-200' : undefined}>
      <article data-testid="letter" data-kind={letter.kind} aria-label={t(`mailroom.kinds.${letter.kind}.name`)}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 className="text-base font-semibold text-slate-900">{t(`mailroom.kinds.${letter.kind}.name`)}</h2>
            <p className="text-sm text-slate-600">
              {sender} · {t('mailroom.page.arrived', { date: fmt.day(letter.receivedOn) })} ·{' '}
              {letter.pages === 1 ? t('mailroom.page.pagesOne') : t('mailroom.page.pages', { count: letter.pages })}
            </p>
            {letter.letterDate ? (
              <p className="text-sm text-slate-600">
                {t('mailroom.page.letterDate', { date: fmt.day(letter.letterDate) })}
              </p>
            ) : null}
          </div>
          <div className="flex items-center gap-2">
            {letter.urgent ? (
              <span className="rounded-full bg-red-600 px-2.5 py-0.5 text-xs font-semibold text-white">
                {t('mailroom.page.urgent')}
              </span>
            ) : null}
            <LetterStatus status={letter.status} />
          </div>
        </div>
        {letter.heldReason === 'no_subscription' ? (
          <Alert tone="warning" className="mt-3" data-testid="letter-held-renew">
            {t('mailroom.page.heldNoSubscription')}{' '}
            <Link to="/account/subscriptions" className={`font-medium ${linkClass}`}>
              {t('mailroom.page.renew')}
            </Link>
          </Alert>
        ) : null}
        <LetterExplanation letter={letter} />
        {letter.calendarItem ? (
          <p className="mt-3 text-sm" data-testid="letter-calendar-item">
            <Link
              to={`/dashboard#compliance-item-${letter.calendarItem.ruleId}`}
              className={`font-medium ${linkClass}`}
            >
              {t('mailroom.page.calendarItem', {
                rule: t(`compliance.rules.${letter.calendarItem.ruleId}.name`),
                date: fmt.day(letter.calendarItem.dueDate),
              })}
            </Link>
          </p>
        ) : null}
        <PaperTrail letter={letter} />
        <div className="mt-4 flex flex-wrap items-center gap-3">
          {letter.scanPath ? (
            <a
              href={`/api/files/${letter.scanPath}`}
              target="_blank"
              rel="noopener"
              className={`inline-flex items-center gap-1.5 text-sm font-medium ${linkClass}`}
              data-testid="letter-scan"
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              {t('mailroom.page.openScan')}
            </a>
          ) : null}
          {letter.hasEnvelope ? (
            <a
              href={`/api/mail/letters/${letter.id}/envelope`}
              target="_blank"
              rel="noopener"
              className={`inline-flex items-center gap-1.5 text-sm font-medium ${linkClass}`}
            >
              {t('mailroom.page.envelope')}
            </a>
          ) : null}
        </div>
        {letter.decisions.length > 0 || letter.forwardPriceCents !== null ? (
          <fieldset className="mt-4 border-t border-slate-200 pt-3">
            <legend className="sr-only">{t('mailroom.page.decide')}</legend>
            <p aria-hidden="true" className="text-sm font-medium text-slate-900">
              {t('mailroom.page.decide')}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              {letter.decisions.map((d) =>
                d === 'scan' && letter.scanPriceCents !== null ? (
                  <Button
                    key={d}
                    variant="secondary"
                    size="sm"
                    loading={scanCheckout.isPending}
                    disabled={scanCheckout.isPending || decide.isPending}
                    onClick={() => scanCheckout.mutate()}
                    data-testid="letter-scan-pay"
                  >
                    {t('mailroom.page.scanPaid', { amount: fmt.usd(letter.scanPriceCents) })}
                  </Button>
                ) : (
                  <Button
                    key={d}
                    variant="secondary"
                    size="sm"
                    loading={decide.isPending && decide.variables === d}
                    disabled={decide.isPending}
                    onClick={() => decide.mutate(d)}
                    data-testid={`letter-decide-${d}`}
                  >
                    {t(`mailroom.decisions.${d}`)}
                  </Button>
                ),
              )}
              {letter.forwardPriceCents !== null ? (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={forward.isPending}
                  disabled={forward.isPending || !settings?.address}
                  onClick={() => forward.mutate()}
                  data-testid="letter-forward"
                >
                  <Send aria-hidden="true" className="size-4" />
                  {t('mailroom.page.forward', { amount: fmt.usd(letter.forwardPriceCents) })}
                </Button>
              ) : null}
            </div>
            {letter.scanPriceCents !== null && letter.decisions.includes('scan') ? (
              <p className="mt-2 text-sm text-slate-600">{t('mailroom.page.scanPaidHint')}</p>
            ) : null}
            {letter.forwardPriceCents !== null && settings && !settings.address ? (
              <p className="mt-2 text-sm text-slate-600">{t('mailroom.page.forwardNoAddress')}</p>
            ) : null}
          </fieldset>
        ) : null}
      </article>
    </Card>
  );
}

/** What happened to the paper: where it was forwarded with the tracking number, or the day it was shredded. */
function PaperTrail({ letter }: { letter: LetterView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (letter.status === 'forwarded' || letter.status === 'to_forward') {
    return (
      <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="letter-forwarded">
        {letter.trackingNumber ? (
          <p className="font-medium text-slate-900">{t('mailroom.page.tracking', { number: letter.trackingNumber })}</p>
        ) : null}
        {letter.forwardedOn ? <p>{t('mailroom.page.forwardedOn', { date: fmt.day(letter.forwardedOn) })}</p> : null}
        {letter.forwardTo ? (
          <p className="mt-1 whitespace-pre-line">
            <span className="font-medium">{t('mailroom.page.forwardTo')}:</span>
            {`\n${letter.forwardTo}`}
          </p>
        ) : null}
      </div>
    );
  }
  if (letter.shreddedOn) {
    return (
      <p className="mt-3 text-sm text-slate-700" data-testid="letter-shredded">
        {t('mailroom.page.shreddedOn', { date: fmt.day(letter.shreddedOn) })}
      </p>
    );
  }
  return null;
}
