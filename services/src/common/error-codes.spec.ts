import { MODULE_ERROR_CODES } from '@veo3/contracts/envelope';
import { MODULE_ERRORS } from '@veo3/contracts/error-codes';
import { AccountDeletionErrorCode } from '../account-deletion/account-deletion.exception';
import { AccountExportErrorCode } from '../account-export/account-export.exception';
import { AdminErrorCode } from '../admin/admin.exception';
import { ApiKeysErrorCode } from '../api-keys/api-keys.exception';
import { AuthErrorCode } from '../auth/auth.exception';
import { BillingErrorCode } from '../billing/billing.exception';
import { BlogErrorCode } from '../blog/blog.exception';
import { CreditsErrorCode } from '../credits/credits.exception';
import { DatabaseErrorCode } from '../database/database.exception';
import { EffectsErrorCode } from '../effects/effects.exception';
import { EventsErrorCode } from '../events/events.exception';
import { HealthErrorCode } from '../health/health.exception';
import { GalleryErrorCode } from '../sharing/gallery.exception';
import { NotificationsErrorCode } from '../notifications/notifications.exception';
import { PromotionErrorCode } from '../promotions/promotions.exception';
import { PublicApiErrorCode } from '../public-api/public-api.exception';
import { ReferralsErrorCode } from '../referrals/referrals.exception';
import { SharingErrorCode } from '../sharing/sharing.exception';
import { StorageErrorCode } from '../storage/storage.exception';
import { UsersErrorCode } from '../users/users.exception';
import { VideoErrorCode } from '../video/video.exception';
import { WebhooksErrorCode } from '../webhooks/webhooks.exception';

// The error reply's `code` is a string on the wire, so a module's own code would pass the reply
// check unnoticed; the contract's list is what clients switch on. A module's code enum is therefore
// the contract's object itself, never a copy.
it("every module's error codes are the contract's, each code once", () => {
  const modules = {
    accountDeletion: AccountDeletionErrorCode,
    accountExport: AccountExportErrorCode,
    admin: AdminErrorCode,
    apiKeys: ApiKeysErrorCode,
    auth: AuthErrorCode,
    billing: BillingErrorCode,
    blog: BlogErrorCode,
    credits: CreditsErrorCode,
    database: DatabaseErrorCode,
    effects: EffectsErrorCode,
    events: EventsErrorCode,
    gallery: GalleryErrorCode,
    health: HealthErrorCode,
    notifications: NotificationsErrorCode,
    referrals: ReferralsErrorCode,
    promotions: PromotionErrorCode,
    publicApi: PublicApiErrorCode,
    sharing: SharingErrorCode,
    storage: StorageErrorCode,
    users: UsersErrorCode,
    video: VideoErrorCode,
    webhooks: WebhooksErrorCode,
  };
  expect(Object.keys(modules).sort()).toEqual(Object.keys(MODULE_ERRORS).sort());
  for (const [name, codes] of Object.entries(modules)) {
    expect(codes).toBe(MODULE_ERRORS[name as keyof typeof MODULE_ERRORS]);
  }
  expect(new Set(MODULE_ERROR_CODES).size).toBe(MODULE_ERROR_CODES.length);
});
