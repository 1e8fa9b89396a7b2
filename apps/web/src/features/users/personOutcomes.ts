/**
 * What the console says once a change to people is done, naming them and what happened, so a
 * closed dialog is never the only sign that it worked.
 */

/** "Wile Coyote’s role on Yozy Web was removed." */
export const roleRemovedMessage = (person: string, product: string) => ({
  title: `${person}’s role on ${product} was removed`,
  description: `Their seat on ${product} is free for someone else.`,
});

/** Admin rights taken away: the person stays, with their roles. */
export const adminRemovedMessage = (person: string) => ({
  title: `${person} is no longer an organization admin`,
  description: 'They keep their roles on the products, and can no longer open this console.',
});

/** One person or several ("3 people") activated or deactivated. */
export function activationMessage(people: string, count: number, active: boolean) {
  const were = count === 1 ? 'was' : 'were';
  return active
    ? { title: `${people} ${were} activated`, description: 'They can sign in again, and take a seat on each product they hold a role for.' }
    : {
        title: `${people} ${were} deactivated`,
        description: 'They can no longer sign in, their sessions have ended, and their seats are free for others.',
      };
}
