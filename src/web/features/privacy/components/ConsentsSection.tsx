import { useMutation, useQuery } from '@tanstack/react-query';
import { FileCheck2 } from 'lucide-react';
import {
  LEGAL_TEXTS,
  OPTIONAL_CONSENTS,
  type OptionalConsent,
} from '../../../../shared/features/privacy/privacy.domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { TextLink } from '../../../components/ui/TextLink';
import { failureToast } from '../../../lib/errors';
import { queryClient } from '../../../lib/queryClient';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { AccountSection, useDateTime } from '../../account';
import { type Consents, consentsQuery, setConsent } from '../api/privacy';

const TEXT_PAGES = { terms: '/terms', privacyNotice: '/privacy' } as const;

/** /account: what the customer accepted and when, and each optional consent with its switch (decision 0046). */
export function ConsentsSection() {
  const { t } = useTranslation();
  const at = useDateTime();
  const { data, isPending, isError } = useQuery(consentsQuery);
  const change = useMutation({
    mutationFn: ({ kind, given }: { kind: OptionalConsent; given: boolean }) => setConsent(kind, given),
    onSuccess: (saved) => {
      queryClient.setQueryData(consentsQuery.queryKey, saved);
      toast.success(t('privacy.consents.saved'));
    },
    onError: (error) => failureToast(error, 'privacy.consents.saveFailed', t),
  });

  return (
    <AccountSection id="consents" icon={FileCheck2} title={t('privacy.consents.title')}>
      <p className="text-sm text-slate-600">{t('privacy.consents.subtitle')}</p>
      {isPending ? (
        <div className="mt-4 flex justify-center">
          <Spinner />
        </div>
      ) : isError ? (
        <div className="mt-4">
          <Alert tone="error">{t('privacy.consents.loadFailed')}</Alert>
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200">
          {LEGAL_TEXTS.map((kind) => (
            <li
              key={kind}
              className="flex flex-wrap items-center justify-between gap-2 p-3"
              data-testid={`consent-${kind}`}
            >
              <TextLink to={TEXT_PAGES[kind]} className="font-medium">
                {t(`privacy.consents.${kind}`)}
              </TextLink>
              <span className="text-sm text-slate-600">{acceptedLine(data, kind, t, at)}</span>
            </li>
          ))}
          {OPTIONAL_CONSENTS.map((kind) => {
            const given = data.optional[kind];
            return (
              <li
                key={kind}
                className="flex flex-wrap items-center justify-between gap-2 p-3"
                data-testid={`consent-${kind}`}
              >
                <div>
                  <p className="font-medium text-slate-900">{t(`privacy.consents.${kind}`)}</p>
                  <p className="text-sm text-slate-600" data-testid={`consent-${kind}-state`}>
                    {given ? t('privacy.consents.given') : t('privacy.consents.withdrawn')}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  loading={change.isPending}
                  onClick={() => change.mutate({ kind, given: !given })}
                  data-testid={`consent-${kind}-toggle`}
                >
                  {given ? t('privacy.consents.withdraw') : t('privacy.consents.give')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {data && data.history.length > 0 ? (
        <details className="mt-3 text-sm text-slate-700">
          <summary className="cursor-pointer font-medium">{t('privacy.consents.history')}</summary>
          <ul className="mt-2 space-y-1" data-testid="consent-history">
            {data.history.map((h) => (
              <li key={`${h.kind}-${h.at}-${String(h.given)}`}>
                <span className="text-slate-500">{at(h.at)}</span>{' '}
                {h.given
                  ? t('privacy.consents.historyGiven', {
                      kind: t(`privacy.consents.${h.kind}`),
                      version: h.version ?? t('privacy.consents.noVersion'),
                    })
                  : t('privacy.consents.historyWithdrawn', { kind: t(`privacy.consents.${h.kind}`) })}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </AccountSection>
  );
}

function acceptedLine(
  data: Consents,
  kind: (typeof LEGAL_TEXTS)[number],
  t: (key: string, vars?: Record<string, string>) => string,
  at: (value: string) => string,
): string {
  const version = data.accepted[kind];
  // Under KVKK the notice is read, the terms accepted (decision 0072).
  const read = kind === 'privacyNotice';
  if (!version) return t(read ? 'privacy.consents.notRead' : 'privacy.consents.notAccepted');
  const when = data.history.find((h) => h.kind === kind && h.version === version)?.at;
  return t(read ? 'privacy.consents.readOn' : 'privacy.consents.acceptedOn', { version, date: when ? at(when) : '' });
}
