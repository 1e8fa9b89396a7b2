import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch, isPublicAddress, PrivateAddressError, reachableAddress } from './outboundAddress';

describe('public addresses', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.9',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::ffff:127.0.0.1',
    'fd00::1',
    'fe80::1',
  ])('refuses %s: this machine, a private or link-local network', (address) => expect(isPublicAddress(address)).toBe(false));
  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('accepts %s', (address) =>
    expect(isPublicAddress(address)).toBe(true),
  );
  it('refuses what is not an address at all', () => expect(isPublicAddress('mail.example.com')).toBe(false));
});

describe('reaching a server an organisation named', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((_request, response) => response.end('{"issuer":"here"}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://localhost:${(server.address() as AddressInfo).port}/.well-known/openid-configuration`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses a name that resolves to this machine, and a private address written out', async () => {
    await expect(reachableAddress('localhost', { allowPrivateNetwork: false })).rejects.toBeInstanceOf(PrivateAddressError);
    await expect(reachableAddress('10.0.0.8', { allowPrivateNetwork: false })).rejects.toThrow(
      '10.0.0.8 is an address of this machine or of a private network; use a server on the internet',
    );
    expect(await reachableAddress('10.0.0.8', { allowPrivateNetwork: true })).toBe('10.0.0.8');
  });

  it('fetches from a private server only when the policy allows it, checking the connection itself', async () => {
    const fetchPublicOnly = guardedFetch({ allowPrivateNetwork: false });
    const options = { method: 'GET', headers: {}, body: undefined, redirect: 'manual' as const };
    await expect(fetchPublicOnly(url, options)).rejects.toThrow(/is an address of this machine or of a private network/);
    await expect(fetchPublicOnly('http://169.254.169.254/latest/meta-data/', options)).rejects.toBeInstanceOf(PrivateAddressError);

    const answer = await guardedFetch({ allowPrivateNetwork: true })(url, options);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ issuer: 'here' });
  });
});
