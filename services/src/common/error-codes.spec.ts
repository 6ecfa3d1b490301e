import { MODULE_ERROR_CODES } from '@veo3/contracts/envelope';
import { AdminErrorCode } from '../admin/admin.exception';
import { AuthErrorCode } from '../auth/auth.exception';
import { BillingErrorCode } from '../billing/billing.exception';
import { BlogErrorCode } from '../blog/blog.exception';
import { CreditsErrorCode } from '../credits/credits.exception';
import { DatabaseErrorCode } from '../database/database.exception';
import { EventsErrorCode } from '../events/events.exception';
import { HealthErrorCode } from '../health/health.exception';
import { StorageErrorCode } from '../storage/storage.exception';
import { UsersErrorCode } from '../users/users.exception';
import { VideoErrorCode } from '../video/video.exception';

// The error reply's `code` is a string on the wire, so a module's new code would pass the reply
// check unnoticed; the contract's list is what clients switch on.
it("every module's error code is one the contract names", () => {
  const modules = [
    AdminErrorCode,
    AuthErrorCode,
    BillingErrorCode,
    BlogErrorCode,
    CreditsErrorCode,
    DatabaseErrorCode,
    EventsErrorCode,
    HealthErrorCode,
    StorageErrorCode,
    UsersErrorCode,
    VideoErrorCode,
  ];
  const codes = modules.flatMap((module) => Object.values(module));
  expect(codes.filter((code) => !(MODULE_ERROR_CODES as readonly string[]).includes(code))).toEqual([]);
  expect(new Set(codes).size).toBe(codes.length);
});
