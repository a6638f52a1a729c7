import { EIN_APPLICATION_FILES } from '../../../../shared/features/ein/ein.schemas';
import { FileField } from '../../../components/ui/FileField';
import { WizardStep } from '../../../components/ui/WizardStep';
import { useTranslation } from '../../../lib/useTranslation';
import type { EinFileField, EinFiles } from '../lib/application';
import type { Errors } from './stepProps';

/** The messages of product.md#uploads "EIN wizard → Files" for the early check. */
const FILE_MESSAGES = { tooLarge: 'errors.FILE_TOO_LARGE', wrongType: 'errors.UNSUPPORTED_FILE_TYPE' } as const;

const FILE_KINDS = ['pdf', 'jpeg', 'png'] as const;

/** Step 4: the articles of organization and the registered agent's invoice. */
export function DocumentsStep({
  focus,
  files,
  errors,
  setFile,
}: {
  focus: boolean;
  files: EinFiles;
  errors: Errors;
  setFile: (field: EinFileField, file: File | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <WizardStep title={t('ein.documents.title')} description={t('ein.documents.intro')} focusOnMount={focus}>
      {EIN_APPLICATION_FILES.map((field) => (
        <FileField
          key={field}
          name={field}
          label={t(`ein.fields.${field}`)}
          hint={t(`ein.documents.${field}Hint`)}
          kinds={FILE_KINDS}
          file={files[field]}
          onChange={(file) => setFile(field, file)}
          error={errors[field]}
          messages={FILE_MESSAGES}
        />
      ))}
    </WizardStep>
  );
}
