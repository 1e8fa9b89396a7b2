import { lookup, type LookupAddress } from 'node:dns';
import { lookup as lookupAsync } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { CustomFetch } from 'openid-client';

/**
 * The servers an organisation admin names (its own mail server, its identity provider) are
 * reached by the service from inside the provider's network. Unless private servers are allowed
 * (ALLOW_PRIVATE_NETWORK_SERVERS, for a trial on one machine and for tests), they must be on the
 * public internet: an address of this machine, a private or link-local network (a cloud's metadata
 * service) would let a tenant probe what only the service can reach.
 */
export type OutboundPolicy = { allowPrivateNetwork: boolean };

export const PUBLIC_ONLY: OutboundPolicy = { allowPrivateNetwork: false };

export class PrivateAddressError extends Error {
  override name = 'PrivateAddressError';
  constructor(host: string) {
    super(`${host} is an address of this machine or of a private network; use a server on the internet`);
  }
}

/**
 * What to tell a person about a failed call to a server they named: a refused private address
 * by its own words, even when a library wrapped it in a vaguer error of its own.
 */
export function reasonOf(error: unknown): string {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof PrivateAddressError) return cause.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** An address anyone on the internet could reach: not loopback, private, link-local, multicast or reserved. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/**
 * The address to connect to for `host`, when the policy lets the service reach it: every address
 * the name resolves to must be public (one private answer is enough to refuse). Connecting to the
 * address answered, not the name again, leaves no room for the name to change in between.
 */
export async function reachableAddress(host: string, policy: OutboundPolicy): Promise<string> {
  const addresses = isIP(host) ? [{ address: host }] : await lookupAsync(host, { all: true, verbatim: true });
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  if (!policy.allowPrivateNetwork && addresses.some(({ address }) => !isPublicAddress(address))) throw new PrivateAddressError(host);
  return addresses[0]!.address;
}

/**
 * Why the service would refuse to reach `host`, told when the settings naming it are saved; null
 * when it may, or when that cannot be told yet (a name that does not resolve now is found out at
 * its first use, with the reason then).
 */
export async function privateHostRefusal(host: string, policy: OutboundPolicy): Promise<string | null> {
  if (policy.allowPrivateNetwork) return null;
  try {
    await reachableAddress(host, policy);
    return null;
  } catch (error) {
    return error instanceof PrivateAddressError ? error.message : null;
  }
}

/** A `lookup` for sockets that refuses, as `reachableAddress` does, at the moment of connecting. */
export function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (!policy.allowPrivateNetwork && addresses.some(({ address }) => !isPublicAddress(address))) {
        return callback(new PrivateAddressError(hostname), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses;
      return callback(null, first!.address, first!.family);
    });
  };
}

/**
 * `fetch` for requests to a server an organisation named (openid-client's `customFetch`): Node's
 * http(s) with the guarded lookup, so the check happens on the connection itself. An IP literal
 * in the address is checked the same way, as no lookup runs for it.
 */
export function guardedFetch(policy: OutboundPolicy): CustomFetch {
  const lookupGuarded = guardedLookup(policy);
  return async (url, options) => {
    const target = new URL(url);
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) && !policy.allowPrivateNetwork && !isPublicAddress(literal)) throw new PrivateAddressError(target.hostname);
    const body =
      options.body == null
        ? undefined
        : Buffer.from(await new Response(options.body as ConstructorParameters<typeof Response>[0]).arrayBuffer());
    return new Promise<Response>((resolve, reject) => {
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      const request = send(
        target,
        {
          method: options.method,
          headers: options.headers,
          lookup: lookupGuarded,
          signal: options.signal,
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('error', reject);
          answer.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(answer.headers)) {
              for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
            }
            const status = answer.statusCode ?? 502;
            const content = status === 204 || status === 304 ? null : Buffer.concat(chunks);
            resolve(new Response(content, { status, statusText: answer.statusMessage, headers }));
          });
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  };
}
