import common from '../../../shared/i18n/tr/common.json?core=rest&for=admin';
import errors from '../../../shared/i18n/tr/errors.json?core=rest&for=admin';
import errorsPage from '../../../shared/i18n/tr/errorsPage.json?core=rest&for=admin';
import validation from '../../../shared/i18n/tr/validation.json?core=rest&for=admin';

/**
 * The rest of the core sections, for the admin layout's pages (CORE_REST in
 * shared/routes/route-table.ts): merged into the same sections as the core texts, so the keys stay.
 */
export const texts = { common, errors, errorsPage, validation };
