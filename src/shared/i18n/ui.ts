import enAccount from '../features/account/messages/en/account.json';
import trAccount from '../features/account/messages/tr/account.json';
import enAdminAudit from '../features/audit/messages/en/adminAudit.json';
import trAdminAudit from '../features/audit/messages/tr/adminAudit.json';
import enAuth from '../features/auth/messages/en/auth.json';
import trAuth from '../features/auth/messages/tr/auth.json';
import enBankReadiness from '../features/bank-readiness/messages/en/bankReadiness.json';
import trBankReadiness from '../features/bank-readiness/messages/tr/bankReadiness.json';
import enCompliance from '../features/compliance/messages/en/compliance.json';
import trCompliance from '../features/compliance/messages/tr/compliance.json';
import enDashboard from '../features/dashboard/messages/en/dashboard.json';
import trDashboard from '../features/dashboard/messages/tr/dashboard.json';
import enDocuments from '../features/documents/messages/en/documents.json';
import trDocuments from '../features/documents/messages/tr/documents.json';
import enAdminEin from '../features/ein/messages/en/adminEin.json';
import enEin from '../features/ein/messages/en/ein.json';
import enEinFollowUps from '../features/ein/messages/en/einFollowUps.json';
import trAdminEin from '../features/ein/messages/tr/adminEin.json';
import trEin from '../features/ein/messages/tr/ein.json';
import trEinFollowUps from '../features/ein/messages/tr/einFollowUps.json';
import enAdminFilings from '../features/filings/messages/en/adminFilings.json';
import enFilings from '../features/filings/messages/en/filings.json';
import trAdminFilings from '../features/filings/messages/tr/adminFilings.json';
import trFilings from '../features/filings/messages/tr/filings.json';
import enAdminFormations from '../features/formations/messages/en/adminFormations.json';
import enFormation from '../features/formations/messages/en/formation.json';
import enOnboarding from '../features/formations/messages/en/onboarding.json';
import trAdminFormations from '../features/formations/messages/tr/adminFormations.json';
import trFormation from '../features/formations/messages/tr/formation.json';
import trOnboarding from '../features/formations/messages/tr/onboarding.json';
import enGuides from '../features/guides/messages/en/guides.json';
import trGuides from '../features/guides/messages/tr/guides.json';
import enLegal from '../features/legal/messages/en/legal.json';
import trLegal from '../features/legal/messages/tr/legal.json';
import enMailroom from '../features/mail/messages/en/mailroom.json';
import trMailroom from '../features/mail/messages/tr/mailroom.json';
import enAdminHome from '../features/overview/messages/en/adminHome.json';
import trAdminHome from '../features/overview/messages/tr/adminHome.json';
import enAdminOrders from '../features/payments/messages/en/adminOrders.json';
import enPayments from '../features/payments/messages/en/payments.json';
import trAdminOrders from '../features/payments/messages/tr/adminOrders.json';
import trPayments from '../features/payments/messages/tr/payments.json';
import enPrivacy from '../features/privacy/messages/en/privacy.json';
import trPrivacy from '../features/privacy/messages/tr/privacy.json';
import enRenewals from '../features/renewals/messages/en/renewals.json';
import trRenewals from '../features/renewals/messages/tr/renewals.json';
import enRetention from '../features/retention/messages/en/retention.json';
import trRetention from '../features/retention/messages/tr/retention.json';
import enAdminServices from '../features/services/messages/en/adminServices.json';
import enServices from '../features/services/messages/en/services.json';
import trAdminServices from '../features/services/messages/tr/adminServices.json';
import trServices from '../features/services/messages/tr/services.json';
import enShortLinks from '../features/short-links/messages/en/shortLinks.json';
import trShortLinks from '../features/short-links/messages/tr/shortLinks.json';
import enSs4 from '../features/ss4/messages/en/ss4.json';
import enSs4Generate from '../features/ss4/messages/en/ss4Generate.json';
import trSs4 from '../features/ss4/messages/tr/ss4.json';
import trSs4Generate from '../features/ss4/messages/tr/ss4Generate.json';
import enAdminStaff from '../features/staff/messages/en/adminStaff.json';
import trAdminStaff from '../features/staff/messages/tr/adminStaff.json';
import enSupport from '../features/support/messages/en/support.json';
import trSupport from '../features/support/messages/tr/support.json';
import enFormationService from '../features/turnkey/messages/en/formationService.json';
import trFormationService from '../features/turnkey/messages/tr/formationService.json';
import enSecurity from '../features/two-factor/messages/en/security.json';
import trSecurity from '../features/two-factor/messages/tr/security.json';
import enAdminUsers from '../features/users/messages/en/adminUsers.json';
import trAdminUsers from '../features/users/messages/tr/adminUsers.json';
import type { Catalogue } from './catalogue';
import enAdmin from './en/admin.json';
import enCatalogue from './en/catalogue.json';
import enCommon from './en/common.json';
import enCompany from './en/company.json';
import enErrorsPage from './en/errorsPage.json';
import trAdmin from './tr/admin.json';
import trCatalogue from './tr/catalogue.json';
import trCommon from './tr/common.json';
import trCompany from './tr/company.json';
import trErrorsPage from './tr/errorsPage.json';

/** UI namespaces (pages and components). Add a namespace here in both languages. */
export const uiTr: Catalogue = {
  common: trCommon,
  company: trCompany,
  auth: trAuth,
  legal: trLegal,
  onboarding: trOnboarding,
  dashboard: trDashboard,
  admin: trAdmin,
  errorsPage: trErrorsPage,
  catalogue: trCatalogue,
  formation: trFormation,
  formationService: trFormationService,
  guides: trGuides,
  adminEin: trAdminEin,
  einFollowUps: trEinFollowUps,
  adminFormations: trAdminFormations,
  adminOrders: trAdminOrders,
  adminUsers: trAdminUsers,
  documents: trDocuments,
  ss4: trSs4,
  support: trSupport,
  services: trServices,
  payments: trPayments,
  adminServices: trAdminServices,
  ein: trEin,
  shortLinks: trShortLinks,
  compliance: trCompliance,
  ss4Generate: trSs4Generate,
  account: trAccount,
  security: trSecurity,
  adminStaff: trAdminStaff,
  adminAudit: trAdminAudit,
  adminHome: trAdminHome,
  renewals: trRenewals,
  bankReadiness: trBankReadiness,
  retention: trRetention,
  privacy: trPrivacy,
  filings: trFilings,
  adminFilings: trAdminFilings,
  mailroom: trMailroom,
};
export const uiEn: Catalogue = {
  common: enCommon,
  company: enCompany,
  auth: enAuth,
  legal: enLegal,
  onboarding: enOnboarding,
  dashboard: enDashboard,
  admin: enAdmin,
  errorsPage: enErrorsPage,
  catalogue: enCatalogue,
  formation: enFormation,
  formationService: enFormationService,
  guides: enGuides,
  adminEin: enAdminEin,
  einFollowUps: enEinFollowUps,
  adminFormations: enAdminFormations,
  adminOrders: enAdminOrders,
  adminUsers: enAdminUsers,
  documents: enDocuments,
  ss4: enSs4,
  support: enSupport,
  services: enServices,
  payments: enPayments,
  adminServices: enAdminServices,
  ein: enEin,
  shortLinks: enShortLinks,
  compliance: enCompliance,
  ss4Generate: enSs4Generate,
  account: enAccount,
  security: enSecurity,
  adminStaff: enAdminStaff,
  adminAudit: enAdminAudit,
  adminHome: enAdminHome,
  renewals: enRenewals,
  bankReadiness: enBankReadiness,
  retention: enRetention,
  privacy: enPrivacy,
  filings: enFilings,
  adminFilings: enAdminFilings,
  mailroom: enMailroom,
};
