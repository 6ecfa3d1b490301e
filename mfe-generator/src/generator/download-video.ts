import { sessionStore } from '@veo3/platform/session/session-store';

/** The name a downloaded video is saved under (SPEC §7). */
export const videoFileName = (timestamp: number) => `ai-video-${timestamp}.mp4`;

const REVOKE_DELAY_MS = 30_000;

function isSameOrigin(url: string): boolean {
  return new URL(url, window.location.href).origin === window.location.origin;
}

/** The session's token for a request to `url`: only our own origin receives it, never a signed link elsewhere. */
export function authHeaders(url: string): HeadersInit {
  const { token } = sessionStore.getState();
  return token && isSameOrigin(url) ? { Authorization: `Bearer ${token}` } : {};
}

/** Fetches the video as a blob and saves it as ai-video-{timestamp}.mp4; rejects when it cannot. */
export async function downloadVideo(url: string): Promise<void> {
  const response = await fetch(url, { headers: authHeaders(url) });
  if (!response.ok) throw new Error(`HTTP error: ${response.status}`);
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = videoFileName(Date.now());
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers still read the blob after click() returns; revoking at once can cancel the save.
  setTimeout(() => URL.revokeObjectURL(objectUrl), REVOKE_DELAY_MS);
}
