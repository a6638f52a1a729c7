import { AsyncLocalStorage } from 'node:async_hooks';
import { isIP } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import { clientIp } from './client-address';
import type { AppEnv } from './context';

/**
 * What code far from the handler needs to know about the request it runs for, without every caller
 * passing it along: today the client's network, which recordAudit writes on every audit row
 * (decision 0043).
 */
interface RequestContext {
  network: string | null;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs the rest of the request inside its context. */
export function requestContext(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ip = clientIp(c);
    await storage.run({ network: ip ? networkOf(ip) : null }, () => next());
  };
}

/** The current request's client network, or null outside a request (the CLI, background jobs). */
export function currentNetwork(): string | null {
  return storage.getStore()?.network ?? null;
}

/**
 * An address shortened to its network: IPv4 to its /24, IPv6 to its /48. Enough to tell an office
 * from a country away, not enough to name one subscriber, so the audit trail keeps no full address.
 */
export function networkOf(address: string): string | null {
  const kind = isIP(address);
  if (kind === 4) {
    const [a, b, c] = address.split('.');
    return `${a}.${b}.${c}.0/24`;
  }
  if (kind === 6) {
    const [head, tail = ''] = address.split('::');
    const left = head ? head.split(':') : [];
    const right = tail ? tail.split(':') : [];
    const zeros = address.includes('::') ? Array(8 - left.length - right.length).fill('0') : [];
    const groups = [...left, ...zeros, ...right].map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''));
    return `${groups.slice(0, 3).join(':')}::/48`;
  }
  return null;
}
