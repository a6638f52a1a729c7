import common from '../../../shared/i18n/en/common.json?core=rest&for=signed-in';
import errors from '../../../shared/i18n/en/errors.json?core=rest&for=signed-in';
import errorsPage from '../../../shared/i18n/en/errorsPage.json?core=rest&for=signed-in';
import validation from '../../../shared/i18n/en/validation.json?core=rest&for=signed-in';

/**
 * The rest of the core sections, for the signed-in layout's pages (CORE_REST in
 * shared/routes/route-table.ts): merged into the same sections as the core texts, so the keys stay.
 */
export const texts = { common, errors, errorsPage, validation };
