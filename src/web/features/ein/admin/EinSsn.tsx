import { useMutation } from '@tanstack/react-query';
import { Eye, EyeOff, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { useCan } from '../../../lib/can';
import { errorMessage } from '../../../lib/errors';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { type AdminEinApplication, revealSsn } from './einApplicationsApi';

/**
 * The SSN masked ('***-**-1234'), and on request in full. The full number lives only in this
 * component's state (never in the query cache), so it is gone when the panel closes; the server
 * records every reveal.
 */
export function EinSsn({ application }: { application: AdminEinApplication }) {
  const { t } = useTranslation();
  // undefined: not asked; null: the server holds no SSN.
  const [ssn, setSsn] = useState<string | null | undefined>(undefined);
  const [shown, setShown] = useState(false);
  const can = useCan();
  const fmt = useFormat();
  const reveal = useMutation({
    mutationFn: () => revealSsn(application.id),
    onSuccess: (result) => {
      setSsn(result.ssn);
      setShown(true);
    },
    onError: (error) => toast.error(errorMessage(error, 'adminEin.ssn.revealFailed', t)),
  });

  if (application.ssnPurgedAt) {
    return (
      <div data-testid="ein-ssn-purged">
        <span className="text-slate-900">
          {t('retention.staff.purgedOn', { date: fmt.date(application.ssnPurgedAt) })}
        </span>
        <p className="mt-1 text-xs text-slate-600">{t('retention.staff.purgedHint')}</p>
      </div>
    );
  }
  if (!application.ssnMasked) {
    return <span className="text-slate-600">{t('adminEin.ssn.none')}</span>;
  }
  // Without ein.ssn the masked number is all there is: no reveal the server would refuse.
  if (!can('ein.ssn')) {
    return (
      <span className="font-mono text-base tabular-nums text-slate-900" data-testid="ein-ssn">
        {application.ssnMasked}
      </span>
    );
  }

  const visible = shown && ssn !== undefined;
  return (
    <div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className="font-mono text-base tabular-nums text-slate-900" data-testid="ein-ssn">
          {visible ? (ssn ?? t('adminEin.ssn.none')) : application.ssnMasked}
        </span>
        {visible ? (
          <Button variant="ghost" size="sm" onClick={() => setShown(false)}>
            <EyeOff aria-hidden="true" className="size-4" />
            {t('adminEin.ssn.hide')}
          </Button>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            data-testid="ein-ssn-reveal"
            loading={reveal.isPending}
            // Asked once per panel: showing it again needs no second call.
            onClick={() => (ssn === undefined ? reveal.mutate() : setShown(true))}
          >
            <Eye aria-hidden="true" className="size-4" />
            {t('adminEin.ssn.reveal')}
          </Button>
        )}
      </div>
      <p className="mt-1.5 flex items-start gap-1.5 text-xs text-slate-600">
        <ShieldAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
        {t('adminEin.ssn.recorded')}
      </p>
    </div>
  );
}
