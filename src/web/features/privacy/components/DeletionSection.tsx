import { useMutation, useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { formatCalendarDate, formatDate } from '../../../../shared/format/dates';
import { DEFAULT_LANGUAGE, toLanguage } from '../../../../shared/i18n/languages';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { failureToast } from '../../../lib/errors';
import { queryClient } from '../../../lib/queryClient';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { AccountSection } from '../../account';
import { erasureQuery, requestErasure } from '../api/privacy';

/** /account: "Delete my account", confirmed by a mailed link, answered by staff within 30 days (decision 0047). */
export function DeletionSection() {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  // The answer's due day is a calendar date; when the request was made or decided are instants
  // (decision 0076), each read as its own kind so neither shifts a day.
  const day = (value: string) => formatCalendarDate(value, lang);
  const at = (value: string) => formatDate(value, lang);
  const { data } = useQuery(erasureQuery);
  const [confirming, setConfirming] = useState(false);
  const ask = useMutation({
    mutationFn: requestErasure,
    onSuccess: (saved) => {
      setConfirming(false);
      queryClient.setQueryData(erasureQuery.queryKey, saved);
      toast.success(t('privacy.deletion.sent'));
    },
    onError: (error) => {
      setConfirming(false);
      failureToast(error, 'privacy.deletion.failed', t);
    },
  });
  const request = data?.request ?? null;
  const open = request?.status === 'pending';
  return (
    <AccountSection id="deletion" icon={Trash2} title={t('privacy.deletion.title')}>
      <p className="text-sm text-slate-600">{t('privacy.deletion.body')}</p>
      {request ? (
        <div className="mt-4" data-testid="deletion-status">
          <Alert tone={request.status === 'declined' ? 'warning' : 'info'}>
            <p>
              {request.status === 'unconfirmed'
                ? t('privacy.deletion.status.unconfirmed', { date: at(request.requestedAt) })
                : request.status === 'pending'
                  ? t('privacy.deletion.status.pending', { date: request.dueOn ? day(request.dueOn) : '' })
                  : request.status === 'declined'
                    ? t('privacy.deletion.status.declined', { date: request.decidedAt ? at(request.decidedAt) : '' })
                    : t('privacy.deletion.status.erased')}
            </p>
            {request.status === 'declined' && request.answer ? (
              <p className="mt-2 whitespace-pre-line">{request.answer}</p>
            ) : null}
          </Alert>
        </div>
      ) : null}
      {open ? null : (
        <Button
          variant="danger"
          size="sm"
          className="mt-4"
          onClick={() => setConfirming(true)}
          data-testid="deletion-request"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {t('privacy.deletion.request')}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('privacy.deletion.confirmTitle')}
        body={t('privacy.deletion.confirmBody')}
        confirmLabel={t('privacy.deletion.confirm')}
        cancelLabel={t('privacy.deletion.cancel')}
        busy={ask.isPending}
        onConfirm={() => ask.mutate()}
        onCancel={() => setConfirming(false)}
        testId="deletion-dialog"
      />
    </AccountSection>
  );
}
