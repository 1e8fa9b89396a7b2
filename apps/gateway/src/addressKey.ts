import { isIPv4, isIPv6 } from 'node:net';

/**
 * An address's counters: IPv4 as it is, IPv6 by its /64 network, since one client usually holds
 * a whole /64 and could otherwise take a fresh address for every attempt.
 */
export function ipKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = groups(tail);
  const full = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${full
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
