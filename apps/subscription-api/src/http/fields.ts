import { z } from 'zod';

/**
 * Body fields only the REST service checks. Fields of the inputs the console checks too (emails,
 * names, passwords, enquiry fields) come from the shared rules in @yozy/shared.
 */

/** A secret from a link: any string, bounded so a huge body cannot make us hash megabytes. */
export const linkToken = z.string({ error: 'The link has no token' }).max(512, 'The link has no valid token');
