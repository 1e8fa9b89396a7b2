import type { Transaction } from '#db/database';

/** The demo provider's regions; the last one is retired, so the regions list shows both kinds. */
const REGIONS: [code: string, name: string, active: boolean][] = [
  ['us-east-1', 'US East (Virginia)', true],
  ['us-west-2', 'US West (Oregon)', true],
  ['eu-central-1', 'EU Central (Frankfurt)', true],
  ['eu-west-1', 'EU West (Ireland)', true],
  ['ap-south-1', 'Asia Pacific (Mumbai)', true],
  ['ap-southeast-1', 'Asia Pacific (Singapore)', true],
  ['sa-east-1', 'South America (São Paulo)', false],
];

/** The regions master; the organisations' default regions (written with them) name these codes. */
export async function seedRegions(tx: Transaction): Promise<void> {
  for (const [code, name, active] of REGIONS) {
    await tx.query('INSERT INTO regions (region_code, region_name, is_active) VALUES ($1, $2, $3)', [code, name, active]);
  }
}
