import { useState } from 'react';
import { stateItemAct } from '../../../../shared/domain/state-item-act';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { FileField } from '../../../components/ui/FileField';
import { TextField } from '../../../components/ui/Input';
import { FieldError } from '../../../components/ui/Label';
import { isApiError } from '../../../lib/api';
import { failureToast } from '../../../lib/errors';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { markStateItemFiled } from './filingsAdminApi';

export interface StateFiledItem {
  userId: string;
  itemKey: string;
  /** The item's name (the rule's, translated) and whose it is, for the dialog's question. */
  name: string;
  customer: string;
  /** The item's rule: a tax is paid, a report filed (`stateItemAct`). */
  ruleId: string;
}

/**
 * Staff mark a customer's state item filed (decision 0052): the state's confirmation number, the day
 * and the receipt, which goes into the customer's vault. The server checks each field; its reasons
 * show under their fields, translated.
 */
export function StateFiledDialog({
  item,
  onClose,
  onFiled,
}: {
  item: StateFiledItem | null;
  onClose: () => void;
  onFiled: (filedOn: string) => void;
}) {
  const { t } = useTranslation();
  // A tax is paid, not filed: the same dialog, its words from `compliance.admin.paid`.
  const k = (key: string) =>
    item && stateItemAct(item.ruleId) === 'paid' ? `compliance.admin.paid.${key}` : `compliance.admin.${key}`;
  const { day } = useFormat();
  const [confirmation, setConfirmation] = useState('');
  const [filedOn, setFiledOn] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  function close() {
    setConfirmation('');
    setFiledOn('');
    setFile(null);
    setErrors({});
    onClose();
  }

  async function submit() {
    if (!item) return;
    const missing: Record<string, string> = {};
    if (!confirmation.trim()) missing.confirmationNumber = 'filings.validation.confirmationRequired';
    if (!filedOn) missing.filedOn = 'filings.validation.dateRequired';
    if (!file) missing.file = 'filings.validation.receiptRequired';
    setErrors(missing);
    if (!file || Object.keys(missing).length) return;
    setBusy(true);
    try {
      await markStateItemFiled(
        { userId: item.userId, itemKey: item.itemKey, filedOn, confirmationNumber: confirmation.trim() },
        file,
      );
      toast.success(t(k('filed'), { date: day(filedOn) }));
      onFiled(filedOn);
      close();
    } catch (err) {
      if (isApiError(err, 'VALIDATION_FAILED') && err.fields) setErrors(err.fields);
      else failureToast(err, 'compliance.admin.fileFailed', t);
    } finally {
      setBusy(false);
    }
  }

  /** A message key; the fields translate it. */
  const error = (key: string) => errors[key];
  /** A field changed after a refusal loses its message; the next save checks it again. */
  const clear = (key: string) => {
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };
  return (
    <ConfirmDialog
      open={item !== null}
      tone="change"
      title={t(k('fileTitle'), { name: item?.name ?? '' })}
      body={item ? t(k('fileBody'), { customer: item.customer }) : undefined}
      confirmLabel={t(k('fileConfirm'))}
      cancelLabel={t('compliance.admin.fileCancel')}
      busy={busy}
      onConfirm={() => void submit()}
      onCancel={close}
      testId="state-filed-dialog"
    >
      <div className="space-y-3">
        <TextField
          id="state-filed-confirmation"
          name="confirmationNumber"
          label={t('compliance.admin.confirmationNumber')}
          autoComplete="off"
          value={confirmation}
          onChange={(e) => {
            setConfirmation(e.target.value);
            clear('confirmationNumber');
          }}
          error={error('confirmationNumber')}
        />
        <TextField
          id="state-filed-on"
          name="filedOn"
          type="date"
          label={t(k('filedOnLabel'))}
          value={filedOn}
          onChange={(e) => {
            setFiledOn(e.target.value);
            clear('filedOn');
          }}
          error={error('filedOn')}
        />
        <FileField
          id="state-filed-receipt"
          name="file"
          label={t('compliance.admin.receipt')}
          kinds={['pdf', 'jpeg', 'png']}
          file={file}
          onChange={(next) => {
            setFile(next);
            clear('file');
          }}
          messages={{ wrongType: 'errors.FILE_TYPE_NOT_ALLOWED', tooLarge: 'errors.FILE_SIZE_LIMIT' }}
          error={error('file')}
          disabled={busy}
        />
        <FieldError id="state-filed-item" message={error('itemKey')} announce />
      </div>
    </ConfirmDialog>
  );
}
