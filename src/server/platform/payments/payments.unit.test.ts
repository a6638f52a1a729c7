import { describe, expect, it } from 'vitest';
import { centsToInput, parseUsdToCents } from '../../../shared/catalogue/money';
import { packageOrderAmount } from '../../../shared/features/payments/orders.domain';
import type { Db } from '../../db/client';
import { parseEnv } from '../../env';
import { createPaymentProvider } from './index';
import { PaymentProviderError } from './provider';

const noDb = {} as Db;

describe('choosing the payment provider', () => {
  it('is the local test checkout without keys outside production', () => {
    const provider = createPaymentProvider(parseEnv({}), noDb, 'x'.repeat(32));
    expect(provider).toMatchObject({ name: 'local', testMode: true });
    expect(provider.signTestEvent).toBeTypeOf('function');
  });

  it('refuses every checkout in production without keys, and offers no test checkout', async () => {
    const env = parseEnv({
      NODE_ENV: 'production',
      AUTH_SECRET: 'a'.repeat(32),
      PUBLIC_URL: 'https://portal.example.com',
      DATA_ENCRYPTION_KEY: 'b'.repeat(64),
    });
    const provider = createPaymentProvider(env, noDb, 'a'.repeat(32));
    expect(provider.signTestEvent).toBeUndefined();
    await expect(
      provider.createCheckout({
        orderId: 'o',
        amountCents: 100,
        currency: 'usd',
        productName: 'x',
        customerEmail: 'a@example.com',
        locale: 'tr',
        successUrl: 's',
        cancelUrl: 'c',
      }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    expect(() => provider.verifyWebhook('{}', 't=1,v1=x')).toThrow(PaymentProviderError);
  });

  it('is Stripe with both keys', () => {
    const env = parseEnv({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(createPaymentProvider(env, noDb, 'x'.repeat(32))).toMatchObject({ name: 'stripe', testMode: false });
  });
});

describe('amounts', () => {
  it('prices the packages from the catalogue: $389 / $589, plus $100 for a private address', () => {
    expect(packageOrderAmount('formation_only', 'shared_address')).toBe(38_900);
    expect(packageOrderAmount('formation_with_payment', 'private_address')).toBe(68_900);
  });

  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12,50', 1250],
    ['0.01', 1],
    [' 389.00 ', 38_900],
  ])('reads %j dollars as %i cents', (text, cents) => {
    expect(parseUsdToCents(text)).toBe(cents);
  });

  it.each(['', '0', '0.00', '-5', '1.234', 'abc', '1e3', '12.'])('refuses %j', (text) => {
    expect(parseUsdToCents(text)).toBeNull();
  });

  it("writes cents back with 2 decimals and the language's decimal mark, which it reads back", () => {
    expect(centsToInput(13_875)).toBe('138.75');
    expect(centsToInput(13_875, 'tr')).toBe('138,75');
    expect(parseUsdToCents(centsToInput(14_999, 'tr'))).toBe(14_999);
  });
});
