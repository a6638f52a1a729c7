import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Download, FileCheck2, FileText, Info, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { canUploadEinFile } from '../../../../shared/features/ein/ein.domain';
import { FileLink } from '../../../components/admin/FileLink';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { buttonLinkClass, buttonLinkVariants } from '../../../components/ui/ExternalLink';
import { linkClass } from '../../../components/ui/TextLink';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { type AdminEinApplication, EIN_KEY, useApplyEinChange } from '../../ein';
import { applyGeneratedSs4, generateSs4, ss4DataSheetUrl, ss4GenerateStatusQuery } from './ss4GenerateApi';

/** Enough to recognise the pattern (another revision renumbers them all); the server keeps the full list. */
const MISSING_SHOWN = 8;

/**
 * The prefilled SS-4 on the EIN desk (decision 0017): "Generate SS-4" when the operator's IRS template is
 * in place, otherwise why not and how to fix it, with the "SS-4 data sheet" to type from meanwhile.
 * A generated form waits here for review until staff use it. Shown only while a prepared SS-4 may
 * still be uploaded.
 */
export function EinGenerateSs4({ application }: { application: AdminEinApplication }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const apply = useApplyEinChange();
  const [confirming, setConfirming] = useState(false);
  const { id, einStatus } = application;
  const allowed = canUploadEinFile('preparedSs4', einStatus);
  const status = useQuery({ ...ss4GenerateStatusQuery(id), enabled: allowed });

  const generate = useMutation({
    mutationFn: () => generateSs4(id),
    onSuccess: (updated) => {
      apply(updated);
      toast.success(t('ss4Generate.toast.generated'));
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: EIN_KEY });
      toast.error(errorMessage(error, 'ss4Generate.toast.generateFailed', t));
    },
  });

  const use = useMutation({
    mutationFn: () => applyGeneratedSs4(id),
    onSuccess: (updated) => {
      apply(updated);
      setConfirming(false);
      toast.success(t('ss4Generate.toast.used'));
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: EIN_KEY });
      setConfirming(false);
      toast.error(errorMessage(error, 'ss4Generate.toast.useFailed', t));
    },
  });

  if (!allowed) return null;
  const data = status.data;
  const busy = generate.isPending || use.isPending;

  return (
    <div className="mt-4 space-y-3 rounded-xl border border-slate-200 p-4" data-testid="ein-ss4-generate">
      <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Sparkles aria-hidden="true" className="size-4 text-indigo-600" />
        {t('ss4Generate.title')}
      </p>

      {status.isPending ? <p className="text-sm text-slate-600">{t('common.loading')}</p> : null}
      {status.isError ? (
        <p className="text-sm text-red-700" role="alert">
          {t('ss4Generate.loadFailed')}
        </p>
      ) : null}

      {data?.template.ready ? (
        <div>
          <Button
            data-testid="ein-ss4-generate-button"
            variant={data.generated ? 'secondary' : 'primary'}
            loading={generate.isPending}
            disabled={busy}
            onClick={() => generate.mutate()}
            className="w-full sm:w-auto"
          >
            <FileText aria-hidden="true" className="size-4" />
            {t(data.generated ? 'ss4Generate.regenerate' : 'ss4Generate.generate')}
          </Button>
          <p className="mt-1.5 text-sm text-slate-600">
            {t('ss4Generate.generateHint', { revision: data.template.revision })}
          </p>
        </div>
      ) : null}

      {data && !data.template.ready ? (
        <div className="space-y-3">
          <div>
            <a
              href={ss4DataSheetUrl(id)}
              download
              data-testid="ein-ss4-data-sheet"
              className={clsx(buttonLinkClass, buttonLinkVariants.secondary, 'w-full sm:w-auto')}
            >
              <Download aria-hidden="true" className="size-4" />
              {t('ss4Generate.dataSheet')}
            </a>
            <p className="mt-1.5 text-sm text-slate-600">{t('ss4Generate.dataSheetHint')}</p>
          </div>
          <div
            className="flex items-start gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700"
            data-testid="ein-ss4-template-problem"
            data-reason={data.template.reason ?? undefined}
          >
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <div className="min-w-0 space-y-1">
              <p>
                {t('ss4Generate.templateUnavailable', {
                  reason: t(`ss4Generate.reason.${data.template.reason ?? 'notConfigured'}`),
                })}
              </p>
              <p>{t('ss4Generate.fix', { revision: data.template.revision })}</p>
              <p>
                <a href={data.template.source} target="_blank" rel="noreferrer" className={`${linkClass} break-all`}>
                  {data.template.source}
                </a>
              </p>
              {data.template.missingFields.length ? (
                <div>
                  <p>{t('ss4Generate.missingFields')}</p>
                  <ul className="mt-1 list-inside list-disc break-all font-mono text-xs">
                    {data.template.missingFields.slice(0, MISSING_SHOWN).map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                    {data.template.missingFields.length > MISSING_SHOWN ? <li>…</li> : null}
                  </ul>
                </div>
              ) : null}
            </div>
          </div>
        </div>
      ) : null}

      {data?.generated ? (
        <div className="space-y-2 border-t border-slate-200 pt-3" data-testid="ein-ss4-draft">
          <p className="text-sm font-medium text-slate-900">{t('ss4Generate.draft')}</p>
          <FileLink
            href={data.generated.url}
            fileName={data.generated.fileName}
            stepUp
            className={`${linkClass} inline-flex min-w-0 items-center gap-1.5 text-sm`}
            data-testid="ein-ss4-draft-link"
          >
            <Download aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">{data.generated.fileName}</span>
          </FileLink>
          <p className="text-sm text-slate-600">{t('ss4Generate.draftHint')}</p>
          <Button
            data-testid="ein-ss4-use"
            loading={use.isPending}
            disabled={busy}
            onClick={() => setConfirming(true)}
            className="w-full sm:w-auto"
          >
            <FileCheck2 aria-hidden="true" className="size-4" />
            {t('ss4Generate.use')}
          </Button>
        </div>
      ) : null}

      <ConfirmDialog
        open={confirming}
        tone="change"
        title={t('ss4Generate.confirmTitle')}
        body={t('ss4Generate.confirmBody')}
        confirmLabel={t('ss4Generate.confirm')}
        cancelLabel={t('ss4Generate.cancel')}
        busy={use.isPending}
        onConfirm={() => use.mutate()}
        onCancel={() => setConfirming(false)}
        testId="ein-ss4-use-dialog"
      />
    </div>
  );
}
