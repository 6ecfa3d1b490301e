import { sessionStore } from '@veo3/platform/session/session-store';

/** The name a downloaded video is saved under (SPEC §7). */
export const videoFileName = (timestamp: number) => `ai-video-${timestamp}.mp4`;

const REVOKE_DELAY_MS = 30_000;

function isSameOrigin(url: string): boolean {
  return new URL(url, window.location.href).origin === window.location.origin;
}

/** Fetches the video as a blob and saves it as ai-video-{timestamp}.mp4; rejects when it cannot. */
export async function downloadVideo(url: string): Promise<void> {
  const { token } = sessionStore.getState();
  // The token goes only to our own origin; a signed link elsewhere must not receive it.
  const headers: HeadersInit = token && isSameOrigin(url) ? { Authorization: `Bearer ${token}` } : {};
  const response = await fetch(url, { headers });
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
