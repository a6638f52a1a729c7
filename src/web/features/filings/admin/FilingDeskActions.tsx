import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminFilingView } from '../../../../shared/features/filings/filings.contracts';
import { Section } from '../../../components/admin/DetailPanel';
import { Button } from '../../../components/ui/Button';
import { FileField } from '../../../components/ui/FileField';
import { TextField } from '../../../components/ui/Input';
import { SelectField } from '../../../components/ui/Select';
import { errorMessage } from '../../../lib/errors';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import {
  ADMIN_FILINGS_KEY,
  adminFilingQuery,
  markFilingDone,
  markFilingSubmitted,
  prepareFiling,
  recordFilingExtension,
} from './filingsAdminApi';
import { Irs5472SendTo } from './Irs5472SendTo';

/**
 * The filings desk's steps on a Form 5472 (decision 0051), for whoever holds filings.prepare: prepare the
 * forms, record the submission with its proof, mark it done, record a Form 7004 extension.
 */
export function FilingDeskActions({ filing }: { filing: AdminFilingView }) {
  const { t } = useTranslation();
  const { day } = useFormat();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [extensionOn, setExtensionOn] = useState('');
  const [method, setMethod] = useState<'fax' | 'mail'>('fax');
  const [filedOn, setFiledOn] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [file, setFile] = useState<File | null>(null);

  async function act(run: () => Promise<{ filing: AdminFilingView }>, doneKey: string, vars = {}) {
    setBusy(true);
    try {
      const result = await run();
      queryClient.setQueryData(adminFilingQuery(filing.id).queryKey, result);
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_FILINGS_KEY, 'list'] });
      toast.success(t(doneKey, { date: day(result.filing.dueDate), ...vars }));
    } catch (err) {
      toast.error(t('adminFilings.detail.failed', { message: errorMessage(err, 'adminFilings.loadFailed', t) }));
    } finally {
      setBusy(false);
    }
  }

  const templates = filing.templates;
  const templateNote =
    templates.f5472.ready && templates.f1120.ready
      ? t('adminFilings.detail.templatesReady')
      : templates.f5472.reason === 'notConfigured' && templates.f1120.reason === 'notConfigured'
        ? t('adminFilings.detail.templatesNone')
        : t('adminFilings.detail.templatesBroken', {
            reason: (templates.f5472.ready ? templates.f1120.reason : templates.f5472.reason) ?? '',
          });
  return (
    <div className="space-y-5">
      {filing.status === 'answered' || filing.status === 'prepared' ? (
        <Section title={t('adminFilings.detail.templates')}>
          <p className="text-sm text-slate-700" data-testid="filing-template-note">
            {templateNote}
          </p>
          <Button
            className="mt-2"
            data-testid="filing-prepare"
            disabled={busy}
            onClick={() => void act(() => prepareFiling(filing.id), 'adminFilings.detail.prepared')}
          >
            {filing.status === 'prepared' ? t('adminFilings.detail.prepareAgain') : t('adminFilings.detail.prepare')}
          </Button>
        </Section>
      ) : null}

      {filing.status === 'signed' ? (
        <Section title={t('adminFilings.detail.submitTitle')}>
          {filing.sendTo ? <Irs5472SendTo sendTo={filing.sendTo} /> : null}
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              id="filing-method"
              name="method"
              label={t('adminFilings.detail.method')}
              value={method}
              onChange={(e) => setMethod(e.target.value === 'mail' ? 'mail' : 'fax')}
            >
              <option value="fax">{t('adminFilings.detail.methods.fax')}</option>
              <option value="mail">{t('adminFilings.detail.methods.mail')}</option>
            </SelectField>
            <TextField
              name="filedOn"
              id="filing-filed-on"
              type="date"
              label={t('adminFilings.detail.filedOn')}
              value={filedOn}
              onChange={(e) => setFiledOn(e.target.value)}
            />
            <div className="sm:col-span-2">
              <TextField
                name="confirmationNumber"
                id="filing-confirmation-number"
                label={t('adminFilings.detail.confirmationNumber')}
                value={confirmation}
                onChange={(e) => setConfirmation(e.target.value)}
              />
            </div>
            <div className="sm:col-span-2">
              <FileField
                name="file"
                id="filing-confirmation-file"
                label={t('adminFilings.detail.confirmationFile')}
                kinds={['pdf', 'jpeg', 'png']}
                file={file}
                onChange={setFile}
                messages={{ wrongType: 'errors.FILE_TYPE_NOT_ALLOWED', tooLarge: 'errors.FILE_SIZE_LIMIT' }}
                disabled={busy}
              />
            </div>
          </div>
          <Button
            className="mt-3"
            data-testid="filing-mark-submitted"
            disabled={busy || !file || !filedOn}
            onClick={() =>
              file
                ? void act(
                    () => markFilingSubmitted(filing.id, { method, filedOn, confirmationNumber: confirmation }, file),
                    'adminFilings.detail.submitted',
                  )
                : undefined
            }
          >
            {t('adminFilings.detail.markSubmitted')}
          </Button>
        </Section>
      ) : null}

      {filing.status === 'submitted' ? (
        <Button
          variant="secondary"
          disabled={busy}
          data-testid="filing-mark-done"
          onClick={() => void act(() => markFilingDone(filing.id), 'adminFilings.detail.done')}
        >
          {t('adminFilings.detail.markDone')}
        </Button>
      ) : null}

      {!filing.extendedOn && filing.status !== 'submitted' && filing.status !== 'done' ? (
        <Section title={t('adminFilings.kinds.form_7004')}>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <TextField
              name="extensionOn"
              id="filing-extension-on"
              type="date"
              label={t('adminFilings.detail.extension')}
              value={extensionOn}
              onChange={(e) => setExtensionOn(e.target.value)}
            />
            <Button
              variant="secondary"
              disabled={busy || !extensionOn}
              onClick={() =>
                void act(() => recordFilingExtension(filing.id, extensionOn), 'adminFilings.detail.extended')
              }
            >
              {t('adminFilings.detail.recordExtension')}
            </Button>
          </div>
        </Section>
      ) : null}
    </div>
  );
}
