import { isIP } from 'node:net';
import type { Context } from 'hono';
import { clientAddress } from './client-address';
import type { AppEnv } from './context';

/**
 * An address shortened to its network (decision 0044): IPv4 to its /24, IPv6 to its /48. Enough to
 * tell home from office or a foreign country on the devices list, without keeping where exactly a
 * person was. Accepts clientAddress's IPv6 bucket (`a:b:c:d::/64`) too; anything else is null.
 */
export function networkOf(address: string | null | undefined): string | null {
  if (!address) return null;
  const plain = address.replace(/\/\d+$/, '');
  if (isIP(plain) === 4) return `${plain.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIP(plain) !== 6) return null;
  const [head, tail = ''] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = plain.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  if (groups.length !== 8 || groups.some((g) => g.includes('.'))) return null;
  const prefix = groups.slice(0, 3).map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''));
  return `${prefix.join(':')}::/48`;
}

/** The network of the request's client, from the address the portal trusts (TRUST_PROXY rules). */
export function clientNetwork(c: Context<AppEnv>): string | null {
  return networkOf(clientAddress(c));
}
