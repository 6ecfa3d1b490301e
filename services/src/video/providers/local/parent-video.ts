import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { probeVideo, type VideoProbe } from './video-probe';

/** The video an edit or extension starts from cannot be used; `message` is the reason shown to the user. */
export class ParentVideoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ParentVideoError';
  }
}

/** The parent video's streams, or a ParentVideoError saying in words why it cannot be worked on. */
export async function readParentVideo(path: string, kind: 'edit' | 'extend'): Promise<VideoProbe> {
  const done = kind === 'edit' ? 'edited' : 'extended';
  try {
    await access(path, constants.R_OK);
  } catch {
    throw new ParentVideoError(`This video's file is no longer available, so it cannot be ${done}.`);
  }
  const probe = await probeVideo(path);
  if (!probe?.video || !(probe.seconds > 0)) {
    throw new ParentVideoError(`This video's file could not be read, so it cannot be ${done}.`);
  }
  return probe;
}
