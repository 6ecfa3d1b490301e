import { createHash } from 'node:crypto';

/**
 * Run in the page's head before the body is parsed: marks `<html data-session>` when a login is
 * stored (the key is platform/src/session/session-store TOKEN_KEY), so the pre-rendered header
 * shows a signed-in placeholder instead of 'Login' until the app has read the stored user.
 */
const SESSION_HINT = `try{localStorage.getItem('authToken')&&document.documentElement.setAttribute('data-session','')}catch(e){}`;

export const SESSION_HINT_SCRIPT = `<script>${SESSION_HINT}</script>`;

/** The CSP source that allows exactly this inline script and no other. */
export const SESSION_HINT_CSP_SOURCE = `'sha256-${createHash('sha256').update(SESSION_HINT).digest('base64')}'`;
