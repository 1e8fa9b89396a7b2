import { AUDIT } from './audit';
import { CATALOGUE } from './catalogue';
import { ENQUIRIES } from './enquiries';
import { GROUPS } from './groups';
import { LICENCES } from './licences';
import { ORGANISATIONS } from './organisations';
import { PEOPLE } from './people';
import { PLATFORM } from './platform';
import { PROJECTS } from './projects';
import { PROVISIONING } from './provisioning';
import { SESSIONS } from './sessions';
import { SETTINGS } from './settings';
import { SIGN_IN } from './signIn';

/** The matrix's rows by area of the product; `<area>.test.ts` runs an area's, everyOperation.test.ts checks them all. */
export const AREAS = {
  audit: AUDIT,
  catalogue: CATALOGUE,
  enquiries: ENQUIRIES,
  groups: GROUPS,
  licences: LICENCES,
  organisations: ORGANISATIONS,
  people: PEOPLE,
  platform: PLATFORM,
  projects: PROJECTS,
  provisioning: PROVISIONING,
  sessions: SESSIONS,
  settings: SETTINGS,
  signIn: SIGN_IN,
};

export type Area = keyof typeof AREAS;
