import { useMutation, useQuery } from '@tanstack/react-query';
import { FileCheck2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { isCustomer } from '../../../../shared/domain/roles';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { TextLink } from '../../../components/ui/TextLink';
import { failureToast } from '../../../lib/errors';
import { queryClient } from '../../../lib/queryClient';
import { useMe } from '../../../lib/session';
import { useTranslation } from '../../../lib/useTranslation';
import { acceptTexts, consentsQuery } from '../api/privacy';

/**
 * Decision 0046: a signed-in customer who has not accepted the current terms and privacy notice sees
 * this instead of the page until they accept (the server refuses their writes meanwhile). The account
 * page stays open, so they can still download their data or ask for deletion instead.
 */
export function ConsentGate({ path, children }: { path: string; children: ReactNode }) {
  const { data: me } = useMe();
  const customer = isCustomer(me?.user.role);
  const { data } = useQuery({ ...consentsQuery, enabled: customer });
  if (!customer || !data?.needsAcceptance || path.startsWith('/account')) return children;
  return <AcceptTexts current={data.current} />;
}

function AcceptTexts({ current }: { current: { terms: string; privacyNotice: string } }) {
  const { t } = useTranslation();
  const accept = useMutation({
    mutationFn: () => acceptTexts(current),
    onSuccess: (saved) => queryClient.setQueryData(consentsQuery.queryKey, saved),
    onError: async (error) => {
      failureToast(error, 'privacy.gate.failed', t);
      await queryClient.invalidateQueries({ queryKey: consentsQuery.queryKey });
    },
  });
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <Card>
        <div className="flex items-center gap-3">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-indigo-700">
            <FileCheck2 aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">{t('privacy.gate.title')}</h1>
        </div>
        <p className="mt-4 text-slate-700">{t('privacy.gate.body')}</p>
        <ul className="mt-4 space-y-2">
          <li>
            <TextLink to="/terms" className="font-medium">
              {t('privacy.gate.terms')}
            </TextLink>{' '}
            <span className="text-sm text-slate-500">{t('privacy.gate.version', { version: current.terms })}</span>
          </li>
          <li>
            <TextLink to="/privacy" className="font-medium">
              {t('privacy.gate.notice')}
            </TextLink>{' '}
            <span className="text-sm text-slate-500">
              {t('privacy.gate.version', { version: current.privacyNotice })}
            </span>
          </li>
        </ul>
        <Button
          className="mt-6"
          loading={accept.isPending}
          onClick={() => accept.mutate()}
          data-testid="consent-gate-accept"
        >
          {t('privacy.gate.accept')}
        </Button>
      </Card>
    </div>
  );
}
