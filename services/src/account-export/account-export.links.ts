import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JWT_SECRET } from '../auth/auth.tokens';

/** How long an archive's download link stays valid: the page asks for a fresh one each time it is shown. */
export const EXPORT_LINK_SECONDS = 15 * 60;

/** Signed, short-lived links to an export's archive (`/api/account/export/<id>/download?exp=…&sig=…`). */
@Injectable()
export class AccountExportLinks {
  /** A key of its own, so a link's signature never stands for a session's or a video link's. */
  private readonly key: Buffer;

  constructor(@Inject(JWT_SECRET) sessionSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', sessionSecret, 'veo3-export-links', 'export link signing key', 32));
  }

  url(exportId: string, now = Date.now()): string {
    const exp = Math.floor(now / 1000) + EXPORT_LINK_SECONDS;
    return `/api/account/export/${exportId}/download?exp=${exp}&sig=${this.signature(exportId, exp)}`;
  }

  /** Whether the signature is ours (whatever the expiry). */
  signed(exportId: string, exp: number, sig: string): boolean {
    const expected = Buffer.from(this.signature(exportId, exp));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private signature(exportId: string, exp: number): string {
    return createHmac('sha256', this.key).update(`export:${exportId}:${exp}`).digest('base64url');
  }
}
