import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_test' };

describe('settings', () => {
  it('refuses to start the TEST MODE checkout where others can reach it, naming the settings that fix it', () => {
    // A deploy that forgot NODE_ENV=production: free "payments" for anyone.
    for (const settings of [
      { HOST: '0.0.0.0' },
      { HOST: '10.0.0.2' },
      { HOST: '::' },
      { PUBLIC_URL: 'https://portal.example.com' },
      { HOST: '127.0.0.1', PUBLIC_URL: 'http://192.168.1.20:3000' },
    ]) {
      expect(() => parseEnv(settings), JSON.stringify(settings)).toThrow(
        /TEST MODE checkout[\s\S]*NODE_ENV=production/,
      );
    }
    expect(() => parseEnv({ HOST: '0.0.0.0' })).toThrow(/HOST=0\.0\.0\.0 is not a loopback address/);
    expect(() => parseEnv({ PUBLIC_URL: 'https://portal.example.com' })).toThrow(
      /PUBLIC_URL=https:\/\/portal\.example\.com is not localhost/,
    );
    // On this machine only, or with Stripe, or in production, it starts.
    for (const settings of [
      {},
      { HOST: '127.0.0.1', PUBLIC_URL: 'http://127.0.0.1:3000' },
      { HOST: 'localhost', PUBLIC_URL: 'http://localhost:8080' },
      { HOST: '::1' },
      { HOST: '0.0.0.0', ...STRIPE },
      { PUBLIC_URL: 'https://portal.example.com', ...STRIPE },
    ]) {
      expect(() => parseEnv(settings), JSON.stringify(settings)).not.toThrow();
    }
  });

  it('needs nothing for a development start', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.publicUrl).toBe('http://localhost:3000');
    expect(env.production).toBe(false);
  });

  it('listens on the loopback address outside production, and everywhere in production unless HOST says', () => {
    expect(parseEnv({}).HOST).toBe('127.0.0.1');
    expect(parseEnv({ HOST: '0.0.0.0', ...STRIPE }).HOST).toBe('0.0.0.0');
    const prod = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://portal.example.com',
      DATA_ENCRYPTION_KEY: 'a'.repeat(64),
    };
    expect(parseEnv(prod).HOST).toBe('0.0.0.0');
    expect(parseEnv({ ...prod, HOST: '10.0.0.2' }).HOST).toBe('10.0.0.2');
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxies in front', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => parseEnv({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses an ADMIN_SIGNUP_CODE shorter than 16 characters', () => {
    expect(() => parseEnv({ ADMIN_SIGNUP_CODE: 'fifteen-chars-x' })).toThrow(/ADMIN_SIGNUP_CODE/);
    expect(parseEnv({ ADMIN_SIGNUP_CODE: 'sixteen-chars-xx' }).ADMIN_SIGNUP_CODE).toBe('sixteen-chars-xx');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ DATA_ENCRYPTION_KEY: 'short' }, 'DATA_ENCRYPTION_KEY'],
  ])('stops on %o with a message naming %s', (bad, name) => {
    expect(() => parseEnv(bad)).toThrow(EnvError);
    expect(() => parseEnv(bad)).toThrow(new RegExp(name));
  });

  it.each([
    [{ S3_ENDPOINT: 'https://s3.example.com' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'portal-files' }, 'S3_ENDPOINT'],
    [{ S3_ENDPOINT: 'https://s3.example.com', S3_BUCKET: 'b1', S3_ACCESS_KEY_ID: 'k' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_ENDPOINT: 's3.example.com', S3_BUCKET: 'b1' }, 'S3_ENDPOINT'],
  ])('stops on half an S3 setup %o, naming %s', (bad, name) => {
    expect(() => parseEnv(bad)).toThrow(EnvError);
    expect(() => parseEnv(bad)).toThrow(new RegExp(name));
  });

  it('refuses a daily backup without a backup key, and keys of the wrong shape (decision 0071)', () => {
    const recipient = `age1${'q'.repeat(58)}`;
    const key = `AGE-SECRET-KEY-1${'Q'.repeat(58)}`;
    expect(() => parseEnv({ BACKUP_DIR: '/backups' })).toThrow(/BACKUP_DIR needs BACKUP_RECIPIENT/);
    expect(parseEnv({ BACKUP_DIR: '/backups', BACKUP_RECIPIENT: recipient }).BACKUP_RECIPIENT).toBe(recipient);
    expect(parseEnv({ BACKUP_DIR: '/backups', BACKUP_KEY: key }).BACKUP_KEY).toBe(key);
    expect(() => parseEnv({ BACKUP_RECIPIENT: 'age1short' })).toThrow(/BACKUP_RECIPIENT/);
    expect(() => parseEnv({ BACKUP_KEY: recipient })).toThrow(/BACKUP_KEY/);
  });

  it('refuses half a Stripe setup', () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(() => parseEnv({ STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(parseEnv({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).STRIPE_SECRET_KEY).toBe(
      'sk_test_x',
    );
  });

  it('accepts a complete S3 setup, or none', () => {
    expect(parseEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'portal-files' }).S3_BUCKET).toBe(
      'portal-files',
    );
    expect(parseEnv({ S3_ENDPOINT: '', S3_BUCKET: '' }).S3_ENDPOINT).toBeUndefined();
  });

  it('requires real secrets in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
    const env = parseEnv({
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://portal.example.com/',
      DATA_ENCRYPTION_KEY: 'a'.repeat(64),
    });
    expect(env.production).toBe(true);
    expect(env.publicUrl).toBe('https://portal.example.com');
  });
});
