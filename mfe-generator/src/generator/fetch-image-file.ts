import { authHeaders } from './download-video';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * A task's picture (a signed same-origin link from its status: first frame, last frame or poster)
 * as a File for the picker, named `<name>.<ext>`. A generator-local API call (src/api belongs to
 * another change right now); rejects when it cannot be read.
 */
export async function fetchImageFile(url: string, name: string, signal?: AbortSignal): Promise<File> {
  const response = await fetch(url, { headers: authHeaders(url), signal });
  if (!response.ok) throw new Error(`HTTP error: ${response.status}`);
  const blob = await response.blob();
  const extension = EXTENSIONS[blob.type];
  return new File([blob], extension ? `${name}.${extension}` : name, { type: blob.type });
}
