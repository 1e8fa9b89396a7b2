/** What the console says once sessions were ended, naming whose and how many. */
export type SessionsEnded =
  /** One session of a person, in a browser ("Chrome on Linux"). */
  | { kind: 'one'; person: string; browser: string; count: number }
  /** Every session of a person, or of several people (a bulk sign-out: "Wile Coyote", "3 people"). */
  | { kind: 'person'; person: string; people?: number; count: number }
  /** Every session of the organisation but the admin's own. */
  | { kind: 'others'; count: number };

const sessions = (count: number) => (count === 1 ? '1 session' : `${count} sessions`);

/** The toast's title and description: "Wile Coyote’s session on Chrome on Linux was ended." */
export function sessionsEndedMessage(ended: SessionsEnded): { title: string; description: string } {
  if (ended.kind === 'one') {
    return ended.count
      ? { title: `${ended.person}’s session on ${ended.browser} was ended`, description: 'That browser must sign in again.' }
      : { title: `${ended.person}’s session on ${ended.browser} had ended already`, description: 'Nothing changed.' };
  }
  if (ended.kind === 'person') {
    const several = (ended.people ?? 1) > 1;
    if (!ended.count)
      return { title: `${ended.person} ${several ? 'were' : 'was'} not signed in anywhere`, description: 'No session was ended.' };
    return {
      title: `${ended.person} ${several ? 'were' : 'was'} signed out everywhere`,
      description: `${sessions(ended.count)} ended; they must sign in again.`,
    };
  }
  return ended.count
    ? { title: 'Everyone else was signed out', description: `${sessions(ended.count)} ended; you stay signed in here.` }
    : { title: 'Nobody else was signed in', description: 'No session was ended.' };
}

/** "Safari 17 on iOS 17", or what is known of it. */
export const browserOf = (session: { browser?: string | null; operatingSystem?: string | null }) =>
  [session.browser, session.operatingSystem].filter(Boolean).join(' on ') || 'Unknown browser';
