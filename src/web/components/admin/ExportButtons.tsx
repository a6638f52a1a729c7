import { useMutation } from '@tanstack/react-query';
import { FileSpreadsheet, FileText } from 'lucide-react';
import type { ExportFormat } from '../../../shared/schemas/list-query';
import { toast } from '../../lib/toast';
import { useTranslation } from '../../lib/useTranslation';
import { Button } from '../ui/Button';

export type { ExportFormat } from '../../../shared/schemas/list-query';

/** What the buttons need of the page's export mutation. */
export interface ExportMutation {
  mutate: (format: ExportFormat) => void;
  isPending: boolean;
  variables?: ExportFormat;
}

/** A list's export: the download of what its filter shows, with a toast saying how it went. */
export function useExport(download: (format: ExportFormat) => Promise<unknown>, doneKey: string, failedKey: string) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: download,
    onSuccess: () => toast.success(t(doneKey)),
    onError: () => toast.error(t(failedKey)),
  });
}

export interface ExportButtonsProps {
  exporting: ExportMutation;
  /** Read by screen readers as the group's name. */
  legend: string;
  csvLabel: string;
  excelLabel: string;
  csvHint?: string;
  excelHint?: string;
  csvTestId: string;
  excelTestId: string;
  className?: string;
}

/**
 * The two downloads of an admin list (plain CSV and the Turkish Excel dialect). Both wait while either
 * runs; only the one asked for spins.
 */
export function ExportButtons({
  exporting,
  legend,
  csvLabel,
  excelLabel,
  csvHint,
  excelHint,
  csvTestId,
  excelTestId,
  className = 'flex flex-wrap items-center gap-2',
}: ExportButtonsProps) {
  const buttons = [
    { format: 'csv', icon: FileText, label: csvLabel, hint: csvHint, testId: csvTestId },
    { format: 'excel-tr', icon: FileSpreadsheet, label: excelLabel, hint: excelHint, testId: excelTestId },
  ] as const;
  return (
    <fieldset className={className}>
      <legend className="sr-only">{legend}</legend>
      {buttons.map(({ format, icon: Icon, label, hint, testId }) => (
        <Button
          key={format}
          variant="secondary"
          size="sm"
          onClick={() => exporting.mutate(format)}
          loading={exporting.isPending && exporting.variables === format}
          disabled={exporting.isPending}
          title={hint}
          data-testid={testId}
        >
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </Button>
      ))}
    </fieldset>
  );
}

/**
 * A list's two downloads with its texts and test ids by the lists' convention: `${ns}.export` (the
 * group and the CSV button), `${ns}.exportExcel`, the toasts `${ns}.exportDone` and `${ns}.exportFailed`;
 * `${idPrefix}-export-csv` and `${idPrefix}-export-excel`.
 */
export function ListExport({
  ns,
  idPrefix,
  download,
  className,
}: {
  ns: string;
  idPrefix: string;
  download: (format: ExportFormat) => Promise<unknown>;
  className?: string;
}) {
  const { t } = useTranslation();
  const exporting = useExport(download, `${ns}.exportDone`, `${ns}.exportFailed`);
  return (
    <ExportButtons
      exporting={exporting}
      legend={t(`${ns}.export`)}
      csvLabel={t(`${ns}.export`)}
      excelLabel={t(`${ns}.exportExcel`)}
      csvTestId={`${idPrefix}-export-csv`}
      excelTestId={`${idPrefix}-export-excel`}
      className={className}
    />
  );
}
