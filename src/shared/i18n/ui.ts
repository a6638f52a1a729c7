import type { Catalogue } from './catalogue';
import enAccount from './en/account.json';
import enAdmin from './en/admin.json';
import enAdminAudit from './en/adminAudit.json';
import enAdminEin from './en/adminEin.json';
import enAdminFilings from './en/adminFilings.json';
import enAdminFormations from './en/adminFormations.json';
import enAdminHome from './en/adminHome.json';
import enAdminOrders from './en/adminOrders.json';
import enAdminServices from './en/adminServices.json';
import enAdminStaff from './en/adminStaff.json';
import enAdminUsers from './en/adminUsers.json';
import enAuth from './en/auth.json';
import enBankReadiness from './en/bankReadiness.json';
import enCatalogue from './en/catalogue.json';
import enCommon from './en/common.json';
import enCompany from './en/company.json';
import enCompliance from './en/compliance.json';
import enDashboard from './en/dashboard.json';
import enDocuments from './en/documents.json';
import enEin from './en/ein.json';
import enEinFollowUps from './en/einFollowUps.json';
import enErrorsPage from './en/errorsPage.json';
import enFilings from './en/filings.json';
import enFormation from './en/formation.json';
import enFormationService from './en/formationService.json';
import enGuides from './en/guides.json';
import enLegal from './en/legal.json';
import enMailroom from './en/mailroom.json';
import enOnboarding from './en/onboarding.json';
import enPayments from './en/payments.json';
import enPrivacy from './en/privacy.json';
import enRenewals from './en/renewals.json';
import enRetention from './en/retention.json';
import enSecurity from './en/security.json';
import enServices from './en/services.json';
import enShortLinks from './en/shortLinks.json';
import enSs4 from './en/ss4.json';
import enSs4Generate from './en/ss4Generate.json';
import enSupport from './en/support.json';
import trAccount from './tr/account.json';
import trAdmin from './tr/admin.json';
import trAdminAudit from './tr/adminAudit.json';
import trAdminEin from './tr/adminEin.json';
import trAdminFilings from './tr/adminFilings.json';
import trAdminFormations from './tr/adminFormations.json';
import trAdminHome from './tr/adminHome.json';
import trAdminOrders from './tr/adminOrders.json';
import trAdminServices from './tr/adminServices.json';
import trAdminStaff from './tr/adminStaff.json';
import trAdminUsers from './tr/adminUsers.json';
import trAuth from './tr/auth.json';
import trBankReadiness from './tr/bankReadiness.json';
import trCatalogue from './tr/catalogue.json';
import trCommon from './tr/common.json';
import trCompany from './tr/company.json';
import trCompliance from './tr/compliance.json';
import trDashboard from './tr/dashboard.json';
import trDocuments from './tr/documents.json';
import trEin from './tr/ein.json';
import trEinFollowUps from './tr/einFollowUps.json';
import trErrorsPage from './tr/errorsPage.json';
import trFilings from './tr/filings.json';
import trFormation from './tr/formation.json';
import trFormationService from './tr/formationService.json';
import trGuides from './tr/guides.json';
import trLegal from './tr/legal.json';
import trMailroom from './tr/mailroom.json';
import trOnboarding from './tr/onboarding.json';
import trPayments from './tr/payments.json';
import trPrivacy from './tr/privacy.json';
import trRenewals from './tr/renewals.json';
import trRetention from './tr/retention.json';
import trSecurity from './tr/security.json';
import trServices from './tr/services.json';
import trShortLinks from './tr/shortLinks.json';
import trSs4 from './tr/ss4.json';
import trSs4Generate from './tr/ss4Generate.json';
import trSupport from './tr/support.json';

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
