import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, CircleCheck, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { canUploadEinFile, type EinStatus } from '../../../../shared/features/ein/ein.domain';
import { Button } from '../../../components/ui/Button';
import { failureToast } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { EinFileUpload } from './EinFileUpload';
import { EinNumberEditor } from './EinNumberEditor';
import { EinNumberField, einFieldError, einInputProblem } from './EinNumberField';
import {
  type AdminEinApplication,
  advanceEinStatus,
  EIN_KEY,
  uploadEinDocument,
  uploadPreparedSs4,
  useApplyEinChange,
} from './einApplicationsApi';

type Action = { kind: 'ss4'; file: File } | { kind: 'einDocument'; file: File } | { kind: 'advance'; to: EinStatus };

/**
 * What staff can do at the current ein_status (product.md#ein-states): upload (or replace) the prepared SS-4
 * while waiting for the form or at SS-4 Ready, upload the EIN document only at Submitted to IRS,
 * and move one step along the chain. ein_issued is final.
 */
export function EinActions({ application }: { application: AdminEinApplication }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const apply = useApplyEinChange();
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLDivElement>(null);
  const advanceRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const [progress, setProgress] = useState<number | null>(null);
  // Decision 0019: the number the IRS issued, typed before the EIN document or the advance to ein_issued.
  const [ein, setEin] = useState('');
  const [einError, setEinError] = useState<string | null>(null);
  const einRef = useRef<HTMLInputElement>(null);
  const { id, einStatus, nextStatus, files } = application;
  const statusLabel = (status: EinStatus) => t(`catalogue.einStatus.${status}`);

  const mutation = useMutation({
    mutationFn: (action: Action) => {
      const onProgress = (p: { percent: number }) => setProgress(p.percent);
      if (action.kind === 'ss4') return uploadPreparedSs4(id, action.file, { onProgress });
      if (action.kind === 'einDocument') return uploadEinDocument(id, action.file, ein, { onProgress });
      return advanceEinStatus(id, action.to, action.to === 'ein_issued' ? ein : undefined);
    },
    onMutate: (action) => setProgress(action.kind === 'advance' ? null : 0),
    onSettled: () => setProgress(null),
    onSuccess: (updated, action) => {
      apply(updated);
      setConfirming(false);
      const description = t('adminEin.toast.newStatus', { status: statusLabel(updated.einStatus) });
      toast.success(t(action.kind === 'advance' ? 'adminEin.toast.statusUpdated' : 'adminEin.toast.uploaded'), {
        description,
      });
    },
    onError: (error, action) => {
      // Someone else may have moved the application on: show where it really is.
      void queryClient.invalidateQueries({ queryKey: EIN_KEY });
      setConfirming(false);
      const einProblem = einFieldError(error);
      if (einProblem) {
        setEinError(einProblem);
        einRef.current?.focus();
        return;
      }
      const fallback = action.kind === 'advance' ? 'adminEin.toast.statusFailed' : 'adminEin.toast.uploadFailed';
      failureToast(error, fallback, t);
    },
  });

  useEffect(() => {
    if (confirming) {
      confirmRef.current?.focus();
    } else if (returnFocus.current) {
      // Back to the button that asked the question, once it is enabled again.
      returnFocus.current = false;
      advanceRef.current?.focus();
    }
  }, [confirming]);

  const busy = mutation.isPending;
  const pendingKind = busy ? mutation.variables?.kind : undefined;
  const canUploadSs4 = canUploadEinFile('preparedSs4', einStatus);
  const canUploadEin = canUploadEinFile('einDocument', einStatus);
  const hasUpload = canUploadSs4 || canUploadEin;

  if (!nextStatus) {
    return (
      <div className="space-y-4">
        <div
          className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900"
          data-testid="ein-final"
        >
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>{t('adminEin.actions.final')}</p>
        </div>
        <EinNumberEditor application={application} />
      </div>
    );
  }

  /** The EIN must be right before anything marks it issued; says what is wrong otherwise. */
  function einReady(): boolean {
    const problem = einInputProblem(ein);
    setEinError(problem);
    if (problem) einRef.current?.focus();
    return problem === null;
  }

  function cancel() {
    returnFocus.current = true;
    setConfirming(false);
  }

  function advance() {
    if (!nextStatus) return;
    if (nextStatus === 'ein_issued') {
      if (einReady()) setConfirming(true);
    } else mutation.mutate({ kind: 'advance', to: nextStatus });
  }

  return (
    <div className="space-y-4">
      {canUploadSs4 ? (
        <EinFileUpload
          testId="ein-upload-ss4"
          label={t(files.preparedSs4 ? 'adminEin.actions.replaceSs4' : 'adminEin.actions.uploadSs4')}
          hint={t(files.preparedSs4 ? 'adminEin.actions.replaceSs4Hint' : 'adminEin.actions.uploadSs4Hint')}
          busy={pendingKind === 'ss4'}
          progress={pendingKind === 'ss4' ? progress : null}
          disabled={busy}
          onFile={(file) => mutation.mutate({ kind: 'ss4', file })}
        />
      ) : null}
      {nextStatus === 'ein_issued' ? (
        <EinNumberField
          id="ein-number-issue"
          value={ein}
          onChange={(next) => {
            setEin(next);
            if (einError) setEinError(einInputProblem(next));
          }}
          error={einError}
          disabled={busy}
          inputRef={einRef}
        />
      ) : null}
      {canUploadEin ? (
        <EinFileUpload
          testId="ein-upload-ein"
          label={t('adminEin.actions.uploadEin')}
          hint={t('adminEin.actions.uploadEinHint')}
          busy={pendingKind === 'einDocument'}
          progress={pendingKind === 'einDocument' ? progress : null}
          disabled={busy}
          onFile={(file) => {
            if (einReady()) mutation.mutate({ kind: 'einDocument', file });
          }}
        />
      ) : null}

      <div className={hasUpload ? 'border-t border-slate-200 pt-4' : undefined}>
        <Button
          ref={advanceRef}
          data-testid="ein-advance"
          data-to={nextStatus}
          variant={hasUpload ? 'secondary' : 'primary'}
          onClick={advance}
          loading={pendingKind === 'advance'}
          disabled={busy || confirming}
          className="w-full sm:w-auto"
        >
          {t('adminEin.actions.advance', { status: statusLabel(nextStatus) })}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Button>
        {nextStatus === 'ss4_ready' && !files.preparedSs4 ? (
          <p className="mt-1.5 text-sm text-slate-600">{t('adminEin.actions.advanceWithoutSs4')}</p>
        ) : null}
      </div>

      {confirming ? (
        <div
          ref={confirmRef}
          tabIndex={-1}
          role="alertdialog"
          aria-labelledby="ein-confirm-title"
          aria-describedby="ein-confirm-body"
          data-testid="ein-advance-dialog"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-500"
        >
          <p id="ein-confirm-title" className="flex items-center gap-2 font-semibold">
            <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
            {t('adminEin.actions.confirmTitle')}
          </p>
          <p id="ein-confirm-body" className="mt-1">
            {t('adminEin.actions.confirmBody')} {t('company.admin.ein.confirmNumber', { ein })}
          </p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <Button
              size="sm"
              data-testid="ein-advance-confirm"
              loading={pendingKind === 'advance'}
              onClick={() => mutation.mutate({ kind: 'advance', to: 'ein_issued' })}
            >
              {t('adminEin.actions.confirm')}
            </Button>
            <Button size="sm" variant="secondary" disabled={busy} onClick={cancel}>
              {t('adminEin.actions.cancel')}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
