/** What the measured routes need on a fresh portal: a customer with a formation, and a short link. */

const cookieHeader = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

async function postJson(base: string, route: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${base}${route}`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** Signs a new customer up and starts their formation (the dashboard's state after onboarding). */
export async function onboardedCustomer(base: string): Promise<string> {
  const password = 'Bench-Passw0rd!23';
  const res = await postJson(base, '/api/auth/sign-up', {
    fullName: 'Ayşe Yılmaz',
    email: `bench-customer-${Date.now()}@example.com`,
    password,
    confirmPassword: password,
    terms: true,
  });
  if (res.status !== 201) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  const cookie = cookieHeader(res);
  const formation = await postJson(base, '/api/formations', { formationType: 'self' }, cookie);
  if (formation.status !== 201) throw new Error(`formation: ${formation.status} ${await formation.text()}`);
  return cookie;
}

/** A live short link to the portal's sign-up page, created by the admin; its slug. */
export async function shortLink(base: string, adminCookie: string): Promise<string> {
  const res = await postJson(
    base,
    '/api/admin/short-links',
    { originalUrl: '/signup', utmSource: 'bench', utmCampaign: 'load' },
    adminCookie,
  );
  if (res.status !== 201) throw new Error(`short link: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { link: { slug: string } };
  return body.link.slug;
}
