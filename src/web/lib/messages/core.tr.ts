import common from '../../../shared/i18n/tr/common.json';
import errors from '../../../shared/i18n/tr/errors.json';
import errorsPage from '../../../shared/i18n/tr/errorsPage.json';
import validation from '../../../shared/i18n/tr/validation.json';

/** What every page may show before its own sections arrive: the shell, error codes, field messages. */
export const core = { common, errors, errorsPage, validation };
