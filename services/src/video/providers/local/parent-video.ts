import { constants } from 'node:fs';
import { access, copyFile } from 'node:fs/promises';
import { probeVideo, type VideoProbe } from './video-probe';

/** The video an edit or extension starts from cannot be used; `message` is the reason shown to the user. */
export class ParentVideoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ParentVideoError';
  }
}

function doneTo(kind: 'edit' | 'extend'): string {
  return kind === 'edit' ? 'edited' : 'extended';
}

/** Copies the parent's video to `to` and returns `to`; a parent file that is not there is a ParentVideoError. */
export async function copyParentVideo(from: string, to: string, kind: 'edit' | 'extend'): Promise<string> {
  try {
    await copyFile(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') throw missing(kind);
    throw error;
  }
  return to;
}

function missing(kind: 'edit' | 'extend'): ParentVideoError {
  return new ParentVideoError(`This video's file is no longer available, so it cannot be ${doneTo(kind)}.`);
}

/** The parent video's streams, or a ParentVideoError saying in words why it cannot be worked on. */
export async function readParentVideo(path: string, kind: 'edit' | 'extend'): Promise<VideoProbe> {
  try {
    await access(path, constants.R_OK);
  } catch {
    throw missing(kind);
  }
  const probe = await probeVideo(path);
  if (!probe?.video || !(probe.seconds > 0)) {
    throw new ParentVideoError(`This video's file could not be read, so it cannot be ${doneTo(kind)}.`);
  }
  return probe;
}
