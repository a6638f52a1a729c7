import enAdmin from './en/admin.json';
import enAuth from './en/auth.json';
import enCommon from './en/common.json';
import enDashboard from './en/dashboard.json';
import enErrorsPage from './en/errorsPage.json';
import enLegal from './en/legal.json';
import enOnboarding from './en/onboarding.json';
import type { Catalogue } from './index';
import trAdmin from './tr/admin.json';
import trAuth from './tr/auth.json';
import trCommon from './tr/common.json';
import trDashboard from './tr/dashboard.json';
import trErrorsPage from './tr/errorsPage.json';
import trLegal from './tr/legal.json';
import trOnboarding from './tr/onboarding.json';

/** UI namespaces (pages and components). Add a namespace here in both languages. */
export const uiTr: Catalogue = {
  common: trCommon,
  auth: trAuth,
  legal: trLegal,
  onboarding: trOnboarding,
  dashboard: trDashboard,
  admin: trAdmin,
  errorsPage: trErrorsPage,
};
export const uiEn: Catalogue = {
  common: enCommon,
  auth: enAuth,
  legal: enLegal,
  onboarding: enOnboarding,
  dashboard: enDashboard,
  admin: enAdmin,
  errorsPage: enErrorsPage,
};
