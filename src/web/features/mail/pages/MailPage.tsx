import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ExternalLink, Mail } from 'lucide-react';
import { Link } from 'react-router';
import type { LetterDecision } from '../../../../shared/domain/mail';
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
import { decideLetter, LETTERS_KEY, type LetterView, lettersQuery } from '../api/mail';
import { LetterExplanation } from '../components/LetterExplanation';
import { LetterStatus } from '../components/LetterStatus';

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
        <ul className="space-y-4" data-testid="letters">
          {data.letters.map((letter) => (
            <li key={letter.id}>
              <LetterCard letter={letter} />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6 text-center">
        <Link to="/dashboard" className={`inline-flex items-center gap-2 font-medium ${linkClass}`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('common.backToDashboard')}
        </Link>
      </div>
    </div>
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
        <LetterExplanation letter={letter} />
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
        {letter.decisions.length > 0 ? (
          <fieldset className="mt-4 border-t border-slate-200 pt-3">
            <legend className="sr-only">{t('mailroom.page.decide')}</legend>
            <p aria-hidden="true" className="text-sm font-medium text-slate-900">
              {t('mailroom.page.decide')}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              {letter.decisions.map((d) => (
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
              ))}
            </div>
          </fieldset>
        ) : null}
      </article>
    </Card>
  );
}
