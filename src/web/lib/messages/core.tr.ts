import common from '../../../shared/i18n/tr/common.json?core=public';
import errors from '../../../shared/i18n/tr/errors.json?core=public';
import errorsPage from '../../../shared/i18n/tr/errorsPage.json?core=public';
import validation from '../../../shared/i18n/tr/validation.json?core=public';

/**
 * What every page may show before its own sections arrive: the shell, and the error codes and field
 * messages a public page shows (the build's cut of each file, shared/routes/text-chunks.ts).
 */
export const core = { common, errors, errorsPage, validation };
