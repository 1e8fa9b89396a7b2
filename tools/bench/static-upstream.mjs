// A stand-in for the REST service that answers the signed-in person (`GET /users/me`) from memory,
// as the real one answers it for the demo's organisation admin: what the three servers of the
// bench's "what the gateway costs" compare over, so that the upstream costs each of them the same
// and next to nothing. `GET /health` answers too (the gateway's readiness asks it).
//
//   node tools/bench/static-upstream.mjs 4700
import { createServer } from 'node:http';

export const PROFILE = {
  ClientUserId: 2,
  UUID: '6f1c2b0e-5d9a-4c47-9a51-3f0e7d8b2a10',
  UserFirstname: 'Asha',
  UserLastname: 'Menon',
  OfficialEmail: 'admin@acme.local',
  Phone: '+91 98450 12345',
  TypeOfUser: 'OrgAdmin',
  Role: 'Administrator',
  ClientId: 2,
  OrgDetails: {
    ClientId: 2,
    ClientCompanyName: 'Acme Corporation',
    DateOnboarded: '2026-01-15',
    AddressLine1: '12 MG Road',
    AddressLine2: null,
    City: 'Bengaluru',
    State: 'Karnataka',
    Country: 'India',
    CountryCode: 'IN',
    Pincode: '560001',
    ClientContactName: 'Asha Menon',
    ClientDesignation: 'IT Manager',
    CurrencyCode: 'INR',
    ClientType: 'Enterprise',
    NatureOfBusiness: 'Manufacturing',
    BusinessVertical: 'Industrial',
    ClientRevenueInUSD: 25000000,
    IsActive: true,
    IsProvider: false,
    DefaultRegions: ['ap-south-1'],
    UserCount: 42,
    SeatsUsed: 40,
    SeatCapacity: 50,
    LicenceExpiresOn: '2027-01-15',
  },
};

const ME = JSON.stringify(PROFILE);
const HEALTH = JSON.stringify({ status: 'ok' });
const UNKNOWN = JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Nothing here' } });

export function staticUpstream() {
  return createServer({ keepAliveTimeout: 8_000 }, (req, res) => {
    const path = req.url?.split('?')[0];
    const [status, body] =
      path === '/users/me' ? [req.headers.authorization ? 200 : 401, ME] : path === '/health' ? [200, HEALTH] : [404, UNKNOWN];
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  staticUpstream().listen(Number(process.argv[2] ?? 4700), '127.0.0.1');
}
