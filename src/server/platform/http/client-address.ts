import { isIP } from 'node:net';
import type { Context } from 'hono';
import type { AppEnv } from './context';

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

/** The address of the TCP peer, never a header: what a proxy in front cannot fake for us. */
export function socketAddress(c: Context<AppEnv>): string | null {
  const bindings = c.env as NodeBindings | undefined;
  const address = bindings?.incoming?.socket?.remoteAddress;
  return address ? unmapV4(address) : null;
}

/**
 * The client's address, for rate limits and logs. With TRUST_PROXY unset it is the socket's address:
 * X-Forwarded-For is written by whoever sends the request, so trusting it by default would let an
 * attacker pick a fresh address for every guess. With TRUST_PROXY=N (the number of proxies in front
 * that append to X-Forwarded-For) it is the Nth entry from the right, the one the outermost trusted
 * proxy saw; entries further left were written by the client and are ignored.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const ip = clientIp(c);
  return ip ? bucket(ip) : 'unknown';
}

/** The client's full address by the same rule as clientAddress, or null when there is none. */
export function clientIp(c: Context<AppEnv>): string | null {
  const hops = c.var.deps.env.TRUST_PROXY;
  if (hops > 0) {
    const chain = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const candidate = unmapV4(chain[chain.length - hops] ?? chain[0] ?? '');
    if (isIP(candidate)) return candidate;
  }
  return socketAddress(c);
}

function unmapV4(address: string): string {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return v4 ? v4[1] : address;
}

/** One IPv6 host usually owns a whole /64, so that is what a limit counts. */
export function bucket(address: string): string {
  if (isIP(address) === 6) return `${expandV6(address).slice(0, 4).join(':')}::/64`;
  return address;
}

function expandV6(address: string): string[] {
  const [head, tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = address.includes('::') ? Array(8 - left.length - right.length).fill('0') : [];
  return [...left, ...zeros, ...right].map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''));
}

export function isLoopback(address: string | null): boolean {
  if (!address) return false;
  return /^127\./.test(address) || address === '::1';
}
