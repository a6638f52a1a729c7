import { and, eq, isNull } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { users } from '../../src/server/db/schema';
import type { StaffRole } from '../../src/shared/domain/roles';
import {
  customerByApi,
  type E2eServer,
  e2eEmail,
  followAdminNav,
  fromOurPages,
  newContext,
  ownerByApi,
  staffByApi,
} from './e2e';
import { browserFile, textPdf } from './files';

/** What serverAndBrowserForFile() gives a spec file. */
export interface E2e {
  server: E2eServer;
  browser: Browser;
}

/**
 * An owner in a browser context of their own, second factor set up, on /admin/ein: the server's first
 * through the admin code, any later one invited by the first (decision 0043), both by the API calls of
 * their forms (decision 0109). Close it with `page.context().close()`.
 */
export async function adminPage(e2e: E2e, fullName: string, emailPrefix: string): Promise<Page> {
  const page = await (await newContext(e2e.browser, e2e.server.url)).newPage();
  await ownerByApi(e2e.server, page, fullName, e2eEmail(emailPrefix));
  return page;
}

/**
 * A staff member of `role` (not an owner) on a page of their own, invited by the first owner and joined
 * through the invitation's API as staff do, on their home; the first owner is made when there is none.
 */
export async function staffPage(e2e: E2e, fullName: string, emailPrefix: string, role: StaffRole): Promise<Page> {
  const [owner] = await e2e.server.deps.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'owner'), isNull(users.deactivatedAt)))
    .limit(1);
  if (!owner) await (await adminPage(e2e, 'İlk Sahip', `${emailPrefix}.owner`)).context().close();
  const page = await (await newContext(e2e.browser, e2e.server.url)).newPage();
  await staffByApi(e2e.server, page, fullName, e2eEmail(emailPrefix), role);
  return page;
}

/** An admin section opened the way staff reach it: its link in the top bar's group, then its URL and heading. */
export async function openAdminSection(admin: Page, name: string, path: string): Promise<void> {
  await followAdminNav(admin, name);
  await admin.waitForURL(`**${path}`);
  await admin.getByRole('heading', { name, level: 1 }).waitFor();
}

export interface Customer {
  page: Page;
  email: string;
  /** The formation record `formation` asked for, or null. */
  formationId: string | null;
}

/**
 * A customer in a browser context of their own, signed up by the sign-up form's API call, on /onboarding;
 * with `formation`, the formation record onboarding would create (POST /api/formations with that body).
 */
export async function customerPage(
  e2e: E2e,
  fullName: string,
  emailPrefix: string,
  formation?: Record<string, unknown>,
  timezoneId?: string,
): Promise<Customer> {
  const page = await (await newContext(e2e.browser, e2e.server.url, 'tr', timezoneId)).newPage();
  const email = e2eEmail(emailPrefix);
  await customerByApi(e2e.server, page, fullName, email);
  if (!formation) return { page, email, formationId: null };
  const created = await page.request.post('/api/formations', { data: formation, ...fromOurPages(page) });
  expect(created.status(), await created.text()).toBe(201);
  return { page, email, formationId: ((await created.json()) as { formation: { id: string } }).formation.id };
}

/**
 * The EIN wizard's application sent through the API as the wizard sends it (the customer's formation at
 * formation_completed), for tests whose subject comes after it; answers its id.
 */
export async function einApplicationByApi(
  page: Page,
  { businessName, responsiblePartyName, email = e2eEmail('ein-company') }: EinApplicationFields,
): Promise<string> {
  const res = await page.request.post('/api/ein-applications', {
    multipart: {
      businessName,
      email,
      state: 'Wyoming',
      businessActivity: 'Ecommerce',
      responsiblePartyName,
      responsiblePartyPhone: '+90 532 111 22 33',
      responsiblePartySsn: '123-45-6789',
      noSsn: 'false',
      terms: 'true',
      articlesOfOrganization: browserFile('articles.pdf', await textPdf('Articles of Organization')),
      registeredAgentInvoice: browserFile('agent-invoice.pdf', await textPdf('Registered agent invoice #1001')),
    },
    ...fromOurPages(page),
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { application: { id: string } }).application.id;
}

export interface EinApplicationFields {
  businessName: string;
  responsiblePartyName: string;
  email?: string;
}
