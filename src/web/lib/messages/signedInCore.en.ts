import common from '../../../shared/i18n/en/common.json?core=signed-in';
import errors from '../../../shared/i18n/en/errors.json?core=signed-in';
import errorsPage from '../../../shared/i18n/en/errorsPage.json?core=signed-in';
import validation from '../../../shared/i18n/en/validation.json?core=signed-in';

/**
 * The rest of the core sections, which only the signed-in and admin pages show (SIGNED_IN_CORE in
 * shared/routes/route-table.ts): merged into the same sections, so the keys stay as they are.
 */
export const texts = { common, errors, errorsPage, validation };
