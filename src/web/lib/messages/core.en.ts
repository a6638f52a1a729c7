import common from '../../../shared/i18n/en/common.json';
import errors from '../../../shared/i18n/en/errors.json';
import errorsPage from '../../../shared/i18n/en/errorsPage.json';
import validation from '../../../shared/i18n/en/validation.json';

/** What every page may show before its own sections arrive: the shell, error codes, field messages. */
export const core = { common, errors, errorsPage, validation };
