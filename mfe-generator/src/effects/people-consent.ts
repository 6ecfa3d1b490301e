/** The sessionStorage key of the people-in-photos confirmation: asked once a browser session. */
const CONSENT_KEY = 'effects:people-consent';

/** Whether the user confirmed, this session, that everyone in their photos is an adult who agreed. */
export function hasPeopleConsent(): boolean {
  try {
    return sessionStorage.getItem(CONSENT_KEY) === 'yes';
  } catch {
    return false;
  }
}

/** Remembers (or forgets) the confirmation for the rest of the session; blocked storage asks again next page. */
export function rememberPeopleConsent(given: boolean): void {
  try {
    if (given) sessionStorage.setItem(CONSENT_KEY, 'yes');
    else sessionStorage.removeItem(CONSENT_KEY);
  } catch {
    // Storage blocked: the box is simply asked for again.
  }
}
