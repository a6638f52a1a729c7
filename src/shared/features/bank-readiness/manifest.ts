import { adminPage, type PageRoute } from '../../routes/page';

/*
 * Bank readiness (decisions 0084, 0085, 0091). Its customer part is a section of the bank guide's page
 * and its home figures a panel of the operator's home; the back office has the catalogue's screen and the list of applications.
 */
export const bankReadinessPages: readonly PageRoute[] = [
  adminPage('admin/bank-catalogue', 'admin/AdminBankCataloguePage.tsx', ['bankReadiness', 'catalogue'], {
    key: 'bankCatalogue',
    permission: 'bank.catalogue',
    group: 'mailBank',
  }),
  adminPage('admin/bank-applications', 'admin/AdminBankApplicationsPage.tsx', ['bankReadiness', 'catalogue'], {
    key: 'bankApplications',
    permission: 'bank.read',
    group: 'mailBank',
  }),
];

/** The catalogue namespaces the feature owns (messages/{tr,en}/<namespace>.json in its folder, found by i18n/ui.ts by their place). */
export const messages: readonly string[] = ['bankReadiness'];
