/** Google Identity Services, loaded only on the login page and only when a client id is configured. */
interface GoogleAccountsId {
  initialize(options: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
    ux_mode?: 'popup';
  }): void;
  renderButton(element: HTMLElement, options: Record<string, string | number>): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

const SCRIPT_URL = 'https://accounts.google.com/gsi/client';
let loading: Promise<GoogleAccountsId> | undefined;

export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  if (window.google?.accounts?.id) return Promise.resolve(window.google.accounts.id);
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () =>
      window.google?.accounts?.id ? resolve(window.google.accounts.id) : reject(new Error('no GIS'));
    script.onerror = () => {
      loading = undefined;
      reject(new Error('Google sign-in could not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * Renders Google's own "Continue with Google" button into `element`; `onCredential`
 * receives the ID token that the server verifies.
 */
export async function renderGoogleButton(
  element: HTMLElement,
  clientId: string,
  locale: string,
  onCredential: (idToken: string) => void,
): Promise<void> {
  const gis = await loadGoogleIdentity();
  gis.initialize({
    client_id: clientId,
    ux_mode: 'popup',
    callback: ({ credential }) => {
      if (credential) onCredential(credential);
    },
  });
  gis.renderButton(element, {
    type: 'standard',
    theme: 'filled_black',
    size: 'large',
    text: 'continue_with',
    shape: 'pill',
    width: Math.min(element.clientWidth || 320, 400),
    locale,
  });
}
