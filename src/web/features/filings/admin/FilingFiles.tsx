import type { AdminFilingView } from '../../../../shared/features/filings/filings.contracts';
import { Section } from '../../../components/admin/DetailPanel';
import { FileLink } from '../../../components/admin/FileLink';
import { linkClass } from '../../../components/ui/TextLink';
import { useTranslation } from '../../../lib/useTranslation';

/** The filing's stored forms and proofs; one that prints a tax number asks for step-up (decision 0066). */
export function FilingFiles({ filing }: { filing: AdminFilingView }) {
  const { t } = useTranslation();
  const files = (['form5472', 'form1120', 'dataSheet', 'signed', 'confirmation'] as const).flatMap((key) =>
    filing.files[key] ? [{ key, ...filing.files[key] }] : [],
  );
  if (!files.length) return null;
  return (
    <Section title={t('filings.files.title')}>
      <ul className="space-y-1 text-sm">
        {files.map((f) => (
          <li key={f.key}>
            <FileLink
              href={f.url}
              fileName={f.fileName}
              stepUp={f.holdsTaxId}
              className={linkClass}
              data-testid={`admin-filing-file-${f.key}`}
            >
              {t(`filings.files.${f.key}`)}
            </FileLink>{' '}
            <span className="text-slate-500">{f.fileName}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
