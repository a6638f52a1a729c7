import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A Stripe API on a local port for the Checkout Session calls the portal makes, so the real `stripe`
 * library (and its retries, idempotency keys and error classes) is exercised end to end without the
 * network. It answers in Stripe's wire format; what it does not implement answers 404 and lands in
 * `unhandled`, so a test can prove the portal made no call the fake would silently get wrong.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export interface StripeErrorBody {
  type:
    | 'api_error'
    | 'card_error'
    | 'idempotency_error'
    | 'invalid_request_error'
    | 'rate_limit_error'
    | 'authentication_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
}

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  customer_details: { email: string | null; name: string | null } | null;
  locale: string | null;
  metadata: Record<string, string>;
  success_url: string | null;
  cancel_url: string | null;
  url: string | null;
  payment_intent: string | null;
  payment_method_types: string[];
  ui_mode: 'hosted';
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  expires_at: number;
  created: number;
  livemode: false;
}

export interface FakeStripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  data: { object: FakeCheckoutSession };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: FormObject;
  body: FormObject;
  rawBody: string;
  headers: http.IncomingHttpHeaders;
  idempotencyKey: string | null;
  /** Filled in when the answer is sent. */
  status: number;
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

const invalid = (message: string, extra: Partial<StripeErrorBody> = {}) =>
  new StripeHttpError(400, { type: 'invalid_request_error', message, ...extra });
const missing = (param: string) => invalid(`Missing required param: ${param}.`, { code: 'parameter_missing', param });

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const INDEX = /^\d{1,3}$/;

/** Stripe's bracket notation (`a[b][0][c]=v`) back into objects and arrays; every leaf stays a string. */
export function parseStripeForm(params: URLSearchParams): FormObject {
  const root: FormObject = {};
  for (const [key, value] of params) {
    const open = key.indexOf('[');
    const brackets = open === -1 ? '' : key.slice(open);
    if (brackets && !/^(\[[^[\]]*\])+$/.test(brackets)) throw invalid(`Invalid parameter name: ${key}`);
    const path = [open === -1 ? key : key.slice(0, open), ...[...brackets.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])];
    let node: any = root;
    for (let i = 0; i < path.length; i++) {
      const seg = path[i];
      if (UNSAFE_KEYS.has(seg)) throw invalid(`Invalid parameter name: ${key}`);
      if (Array.isArray(node) && seg !== '' && !INDEX.test(seg)) throw invalid(`Invalid array: ${key}`);
      const slot = Array.isArray(node) && seg === '' ? node.length : Array.isArray(node) ? Number(seg) : seg;
      if (i === path.length - 1) {
        node[slot] = value;
        break;
      }
      const next = path[i + 1];
      if (node[slot] === undefined || typeof node[slot] === 'string') {
        node[slot] = next === '' || INDEX.test(next) ? [] : {};
      }
      node = node[slot];
    }
  }
  return root;
}

/** Parameters as Stripe compares them for an idempotent replay: the same pairs in any order. */
function fingerprint(rawBody: string): string {
  return [...new URLSearchParams(rawBody)]
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('&');
}

function randomId(prefix: string, length = 24): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return prefix + Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

function str(body: FormObject, key: string): string | null {
  const v = body[key];
  if (v === undefined || v === '') return null;
  if (typeof v !== 'string') throw invalid(`Invalid string: ${key}`, { param: key });
  return v;
}

function int(v: FormValue | undefined, param: string): number | null {
  if (v === undefined || v === '') return null;
  if (typeof v !== 'string' || !/^-?\d+$/.test(v)) throw invalid(`Invalid integer: ${String(v)}`, { param });
  return Number(v);
}

function obj(v: FormValue | undefined, param: string): FormObject | null {
  if (v === undefined || v === '') return null;
  if (typeof v !== 'object' || Array.isArray(v)) throw invalid(`Invalid object`, { param });
  return v;
}

function onlyKnown(o: FormObject, known: readonly string[], prefix: string) {
  for (const k of Object.keys(o)) {
    if (!known.includes(k)) {
      const param = prefix ? `${prefix}[${k}]` : k;
      throw invalid(`Received unknown parameter: ${param}`, { param });
    }
  }
}

// Real Checkout create parameters: a typo in the portal's call fails here as it would on Stripe,
// while a valid parameter the fake does not model is accepted and ignored.
const SESSION_PARAMS = [
  'adaptive_pricing',
  'after_expiration',
  'allow_promotion_codes',
  'automatic_tax',
  'billing_address_collection',
  'branding_settings',
  'cancel_url',
  'client_reference_id',
  'consent_collection',
  'currency',
  'custom_fields',
  'custom_text',
  'customer',
  'customer_account',
  'customer_creation',
  'customer_email',
  'customer_update',
  'discounts',
  'excluded_payment_method_types',
  'expand',
  'expires_at',
  'invoice_creation',
  'line_items',
  'locale',
  'metadata',
  'mode',
  'name_collection',
  'optional_items',
  'origin_context',
  'payment_intent_data',
  'payment_method_collection',
  'payment_method_configuration',
  'payment_method_data',
  'payment_method_options',
  'payment_method_types',
  'permissions',
  'phone_number_collection',
  'redirect_on_completion',
  'return_url',
  'saved_payment_method_options',
  'setup_intent_data',
  'shipping_address_collection',
  'shipping_options',
  'submit_type',
  'subscription_data',
  'success_url',
  'tax_id_collection',
  'ui_mode',
  'wallet_options',
] as const;
const LINE_ITEM_PARAMS = [
  'adjustable_quantity',
  'dynamic_tax_rates',
  'metadata',
  'price',
  'price_data',
  'quantity',
  'tax_rates',
];
const PRICE_DATA_PARAMS = [
  'currency',
  'product',
  'product_data',
  'recurring',
  'tax_behavior',
  'unit_amount',
  'unit_amount_decimal',
];
const PRODUCT_DATA_PARAMS = ['description', 'images', 'metadata', 'name', 'tax_code', 'unit_label'];

export async function startFakeStripe(opts: { apiKey?: string } = {}) {
  const sessions = new Map<string, FakeCheckoutSession>();
  const prices = new Map<string, { unitAmount: number; currency: string }>();
  const requests: RecordedRequest[] = [];
  const unhandled: RecordedRequest[] = [];
  const failures: { on: 'create' | 'retrieve'; status: number; error: StripeErrorBody; shouldRetry: boolean }[] = [];
  // Stripe keeps the first answer per (account, key) and replays it verbatim, whatever happened since.
  const idempotent = new Map<
    string,
    { method: string; path: string; fingerprint: string; status: number; body: string }
  >();

  function authenticate(header: string | undefined): string {
    const key = header?.startsWith('Bearer ') ? header.slice(7) : null;
    if (!key) {
      throw new StripeHttpError(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    }
    if (opts.apiKey ? key !== opts.apiKey : !/^sk_test_\w+$/.test(key)) {
      throw new StripeHttpError(401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
      });
    }
    return key;
  }

  /** Stripe expires an open session by itself once its expires_at passes. */
  function current(session: FakeCheckoutSession): FakeCheckoutSession {
    if (session.status === 'open' && session.expires_at <= nowSeconds()) {
      session.status = 'expired';
      session.url = null;
    }
    return session;
  }

  function lineItemAmount(item: FormValue, i: number): { amount: number; currency: string } {
    const prefix = `line_items[${i}]`;
    const li = obj(item, prefix);
    if (!li) throw missing(prefix);
    onlyKnown(li, LINE_ITEM_PARAMS, prefix);
    const quantity = int(li.quantity, `${prefix}[quantity]`);
    if (quantity === null) throw missing(`${prefix}[quantity]`);
    if (quantity < 1) throw invalid('Quantity must be at least 1.', { param: `${prefix}[quantity]` });
    if (li.price !== undefined && li.price_data !== undefined) {
      throw invalid('You may only specify one of these parameters: price, price_data.', { param: prefix });
    }
    if (typeof li.price === 'string') {
      const price = prices.get(li.price);
      if (!price) {
        throw invalid(`No such price: '${li.price}'`, { code: 'resource_missing', param: `${prefix}[price]` });
      }
      return { amount: price.unitAmount * quantity, currency: price.currency };
    }
    const pd = obj(li.price_data, `${prefix}[price_data]`);
    if (!pd) throw invalid('You must specify either `price` or `price_data` for each line item.', { param: prefix });
    onlyKnown(pd, PRICE_DATA_PARAMS, `${prefix}[price_data]`);
    const currency = typeof pd.currency === 'string' && pd.currency ? pd.currency.toLowerCase() : null;
    if (!currency) throw missing(`${prefix}[price_data][currency]`);
    if (pd.unit_amount_decimal !== undefined) throw invalid('fake-stripe: unit_amount_decimal is not implemented');
    const unitAmount = int(pd.unit_amount, `${prefix}[price_data][unit_amount]`);
    if (unitAmount === null) throw missing(`${prefix}[price_data][unit_amount]`);
    if (unitAmount < 0) throw invalid('Invalid non-negative integer', { param: `${prefix}[price_data][unit_amount]` });
    const product = obj(pd.product_data, `${prefix}[price_data][product_data]`);
    if (product) {
      onlyKnown(product, PRODUCT_DATA_PARAMS, `${prefix}[price_data][product_data]`);
      if (typeof product.name !== 'string' || !product.name) throw missing(`${prefix}[price_data][product_data][name]`);
    } else if (typeof pd.product !== 'string') {
      throw missing(`${prefix}[price_data][product]`);
    }
    return { amount: unitAmount * quantity, currency };
  }

  function createSession(body: FormObject): FakeCheckoutSession {
    onlyKnown(body, SESSION_PARAMS, '');
    const mode = str(body, 'mode');
    if (!mode) throw missing('mode');
    if (mode !== 'payment') throw invalid(`fake-stripe implements mode=payment only, not ${mode}`, { param: 'mode' });
    const items = body.line_items;
    if (!Array.isArray(items) || items.length === 0) {
      throw invalid('`line_items` is required in `payment` mode.', { param: 'line_items' });
    }
    const amounts = items.map(lineItemAmount);
    const currency = amounts[0].currency;
    if (amounts.some((a) => a.currency !== currency)) {
      throw invalid('All prices must be in the same currency.', { param: 'line_items' });
    }
    const created = nowSeconds();
    const expiresAt = int(body.expires_at, 'expires_at') ?? created + 24 * 60 * 60;
    if (expiresAt - created < 30 * 60 || expiresAt - created > 24 * 60 * 60) {
      throw invalid(
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
        {
          param: 'expires_at',
        },
      );
    }
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(obj(body.metadata, 'metadata') ?? {})) {
      if (typeof v !== 'string') throw invalid('Invalid metadata value', { param: `metadata[${k}]` });
      if (v !== '') metadata[k] = v;
    }
    const id = randomId('cs_test_', 58);
    const subtotal = amounts.reduce((sum, a) => sum + a.amount, 0);
    const types = body.payment_method_types;
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: subtotal,
      amount_total: subtotal,
      currency,
      client_reference_id: str(body, 'client_reference_id'),
      customer: str(body, 'customer'),
      customer_email: str(body, 'customer_email'),
      customer_details: null,
      locale: str(body, 'locale'),
      metadata,
      success_url: str(body, 'success_url')?.replaceAll('{CHECKOUT_SESSION_ID}', id) ?? null,
      cancel_url: str(body, 'cancel_url'),
      url: `https://checkout.stripe.test/c/pay/${id}`,
      payment_intent: null,
      payment_method_types: Array.isArray(types) ? types.map(String) : ['card'],
      ui_mode: 'hosted',
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      expires_at: expiresAt,
      created,
      livemode: false,
    };
    sessions.set(id, session);
    return session;
  }

  function takeFailure(on: 'create' | 'retrieve') {
    const i = failures.findIndex((f) => f.on === on);
    return i === -1 ? null : failures.splice(i, 1)[0];
  }

  function handle(
    record: RecordedRequest,
    authorization: string | undefined,
  ): { status: number; body: string; headers: Record<string, string> } {
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) => ({
      status,
      body: JSON.stringify(value, null, 2),
      headers,
    });
    const { method, path } = record;
    const retrieve = method === 'GET' ? /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path) : null;
    const create = method === 'POST' && path === '/v1/checkout/sessions';
    const expire = method === 'POST' ? /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path) : null;
    if (!create && !retrieve && !expire) {
      unhandled.push(record);
      throw new StripeHttpError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      });
    }
    const apiKey = authenticate(authorization);

    if (retrieve) {
      const failure = takeFailure('retrieve');
      if (failure) {
        return json(failure.status, { error: failure.error }, { 'Stripe-Should-Retry': String(failure.shouldRetry) });
      }
      const id = decodeURIComponent(retrieve[1]);
      const session = sessions.get(id);
      if (!session) {
        throw new StripeHttpError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such checkout.session: '${id}'`,
          param: 'id',
        });
      }
      return json(200, current(session));
    }

    if (expire) {
      const id = decodeURIComponent(expire[1]);
      const found = sessions.get(id);
      if (!found) {
        throw new StripeHttpError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such checkout.session: '${id}'`,
          param: 'session',
        });
      }
      const session = current(found);
      // Stripe's answer for a session that was paid or has expired already.
      if (session.status !== 'open') {
        throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired.`);
      }
      session.status = 'expired';
      session.url = null;
      return json(200, session);
    }

    const key = record.idempotencyKey;
    const scoped = key ? `${apiKey}\n${key}` : null;
    const print = fingerprint(record.rawBody);
    const prior = scoped ? idempotent.get(scoped) : undefined;
    if (prior) {
      if (prior.method !== method || prior.path !== path || prior.fingerprint !== print) {
        throw new StripeHttpError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      }
      return { status: prior.status, body: prior.body, headers: { 'Idempotent-Replayed': 'true' } };
    }
    const failure = takeFailure('create');
    // Validation errors are not stored under the key (Stripe only keeps results of requests that began
    // executing); a simulated failure is, unless it asked the client to retry.
    const answer = failure
      ? json(failure.status, { error: failure.error }, { 'Stripe-Should-Retry': String(failure.shouldRetry) })
      : json(200, createSession(record.body));
    const keep = !failure || (!failure.shouldRetry && failure.status !== 409 && failure.status !== 429);
    if (scoped && keep) {
      idempotent.set(scoped, { method, path, fingerprint: print, status: answer.status, body: answer.body });
    }
    return answer;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const idem = req.headers['idempotency-key'];
      const record: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: {},
        body: {},
        rawBody,
        headers: req.headers,
        idempotencyKey: typeof idem === 'string' ? idem : null,
        status: 0,
      };
      requests.push(record);
      let answer: { status: number; body: string; headers: Record<string, string> };
      try {
        record.query = parseStripeForm(url.searchParams);
        record.body = parseStripeForm(new URLSearchParams(rawBody));
        answer = handle(record, req.headers.authorization);
      } catch (err) {
        const e =
          err instanceof StripeHttpError
            ? err
            : new StripeHttpError(500, {
                type: 'api_error',
                message: `fake-stripe crashed: ${(err as Error).message}`,
              });
        answer = {
          status: e.status,
          body: JSON.stringify({ error: e.body }, null, 2),
          // A crash of the fake must surface at once, not after the library's retry delays.
          headers: e.status >= 500 ? { 'Stripe-Should-Retry': 'false' } : {},
        };
      }
      record.status = answer.status;
      res.writeHead(answer.status, {
        'Content-Type': 'application/json',
        'Request-Id': randomId('req_', 14),
        'Stripe-Version': String(req.headers['stripe-version'] ?? Stripe.API_VERSION),
        ...(record.idempotencyKey && record.method === 'POST' ? { 'Idempotency-Key': record.idempotencyKey } : {}),
        ...answer.headers,
      });
      res.end(answer.body);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = '127.0.0.1';

  function session(id: string): FakeCheckoutSession {
    const s = sessions.get(id);
    if (!s) throw new Error(`fake-stripe: no session ${id}`);
    return current(s);
  }

  return {
    host,
    port,
    /** For `STRIPE_API_BASE_URL`: no trailing slash. */
    url: `http://${host}:${port}`,
    sessions,
    requests,
    /** Requests to endpoints the fake does not implement; a test should expect this to stay empty. */
    unhandled,

    registerPrice(id: string, unitAmount: number, currency: string) {
      prices.set(id, { unitAmount, currency: currency.toLowerCase() });
    },

    /**
     * The next create (or retrieve) answers this error. Stripe-Should-Retry is false unless
     * `shouldRetry`, so the library surfaces it at once instead of sleeping through its retries.
     */
    failNext(
      status: number,
      error: Partial<StripeErrorBody> = {},
      options: { on?: 'create' | 'retrieve'; shouldRetry?: boolean } = {},
    ) {
      const type =
        error.type ?? (status === 402 ? 'card_error' : status >= 500 ? 'api_error' : 'invalid_request_error');
      failures.push({
        on: options.on ?? 'create',
        status,
        error: { ...error, type, message: error.message ?? `fake-stripe: simulated ${status}` },
        shouldRetry: options.shouldRetry ?? false,
      });
    },

    /** The buyer paid (or, with `paymentStatus: 'unpaid'`, started a delayed payment method). */
    completeSession(id: string, options: { paymentStatus?: 'paid' | 'unpaid' } = {}): FakeCheckoutSession {
      const s = session(id);
      if (s.status !== 'open') throw new Error(`fake-stripe: session ${id} is ${s.status}, not open`);
      s.status = 'complete';
      s.payment_status = options.paymentStatus ?? 'paid';
      s.payment_intent = randomId('pi_test_');
      s.customer_details = { email: s.customer_email, name: null };
      s.url = null;
      return s;
    },

    expireSession(id: string): FakeCheckoutSession {
      const s = session(id);
      if (s.status !== 'open') throw new Error(`fake-stripe: session ${id} is ${s.status}, not open`);
      s.status = 'expired';
      s.url = null;
      return s;
    },

    /** The outcome of a delayed payment method; on failure Stripe leaves payment_status unpaid. */
    asyncResult(id: string, result: 'succeeded' | 'failed'): FakeCheckoutSession {
      const s = session(id);
      if (s.status !== 'complete' || s.payment_status !== 'unpaid') {
        throw new Error(`fake-stripe: session ${id} has no pending payment (${s.status}/${s.payment_status})`);
      }
      if (result === 'succeeded') s.payment_status = 'paid';
      return s;
    },

    /** A snapshot: later changes to the session do not leak into an event already built. */
    event(type: string, session: FakeCheckoutSession): FakeStripeEvent {
      return {
        id: randomId('evt_test_'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: nowSeconds(),
        type,
        data: { object: structuredClone(session) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      };
    },

    /** The body and `Stripe-Signature` header of a webhook delivery; `timestamp` in seconds. */
    signedPayload(event: FakeStripeEvent, secret: string, timestamp?: number): { body: string; signature: string } {
      const body = JSON.stringify(event, null, 2);
      return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp }) };
    },

    close(): Promise<void> {
      return new Promise((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // The library's keep-alive agent would otherwise hold close() open.
        server.closeAllConnections();
      });
    },
  };
}
