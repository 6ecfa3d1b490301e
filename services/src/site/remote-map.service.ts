import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { RemoteName } from '@veo3/contracts/runtime-config';
import { REMOTE_FOLDERS, type AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { currentRelease } from './remote-releases';

/** How long a read of the release logs is reused: a release goes live within a second, pages read no file. */
const REREAD_MS = 1000;

/**
 * The remote map the page carries: each remote's manifest URL. A remote served here is named by its
 * current release (`/mfe/<folder>/<id>/mf-manifest.json`), read from the releases folder so a release
 * published while the site runs is live without a restart; a remote configured elsewhere
 * (`MFE_<NAME>_URL`) keeps that URL.
 */
@Injectable()
export class RemoteMapService {
  private map: Record<RemoteName, string> | undefined;
  private readAt = 0;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * The same object while nothing changed, so a caller may keep what it derived from it. `fresh`
   * reads the logs now: the shell asks after a failed load, maybe within a second of a release.
   */
  current(fresh = false, now = Date.now()): Record<RemoteName, string> {
    if (this.map && !fresh && now - this.readAt < REREAD_MS) return this.map;
    this.readAt = now;
    const next = this.read();
    if (!this.map || JSON.stringify(next) !== JSON.stringify(this.map)) this.map = next;
    return this.map;
  }

  private read(): Record<RemoteName, string> {
    const releasesDir = join(this.config.webDir, 'releases');
    return Object.fromEntries(
      (Object.keys(this.config.remotes) as RemoteName[]).map((name) => {
        const remote = this.config.remotes[name];
        const folder = REMOTE_FOLDERS[name];
        const id = remote.servedHere ? currentRelease(releasesDir, folder) : null;
        return [name, id ? `/mfe/${folder}/${id}/mf-manifest.json` : remote.manifestUrl];
      }),
    ) as Record<RemoteName, string>;
  }
}
