import { InitialUsers1763683200000 } from './migrations/1763683200000-initial-users';
import { SessionsAndLedger1763683300000 } from './migrations/1763683300000-sessions-and-ledger';
import { VideoTasks1763683400000 } from './migrations/1763683400000-video-tasks';
import { Billing1763683500000 } from './migrations/1763683500000-billing';
import { VideoOptions1763683600000 } from './migrations/1763683600000-video-options';
import { Blog1763683700000 } from './migrations/1763683700000-blog';
import { VideoRequestHash1763683800000 } from './migrations/1763683800000-video-request-hash';
import { WorkersAndScheduleLeases1763683900000 } from './migrations/1763683900000-workers-and-schedule-leases';
import { LedgerPageIndex1763684000000 } from './migrations/1763684000000-ledger-page-index';
import { ExactUserIdentity1763684200000 } from './migrations/1763684200000-exact-user-identity';
import { PaymentRefunds1763684300000 } from './migrations/1763684300000-payment-refunds';
import { VideoErrorCode1763684500000 } from './migrations/1763684500000-video-error-code';
import { BlogTagsLength1763684600000 } from './migrations/1763684600000-blog-tags-length';
import { VideoTaskDeletedAt1763684700000 } from './migrations/1763684700000-video-task-deleted-at';
import { VideoVersions1763684800000 } from './migrations/1763684800000-video-versions';
import { AdminAudit1763684900000 } from './migrations/1763684900000-admin-audit';
import { VideoTraceParent1763685000000 } from './migrations/1763685000000-video-trace-parent';
import { PaymentNoGrantReason1763685400000 } from './migrations/1763685400000-payment-no-grant-reason';
import { AuditLogAppendOnly1763685600000 } from './migrations/1763685600000-audit-log-append-only';
import { VideoSeedAndBatch1763685800000 } from './migrations/1763685800000-video-seed-and-batch';
import { PaymentReceiptUrl1763686300000 } from './migrations/1763686300000-payment-receipt-url';
import { SubscriptionCancelAt1763686310000 } from './migrations/1763686310000-subscription-cancel-at';
import { AccountErasure1763686400000 } from './migrations/1763686400000-account-erasure';
import { AccountExports1763686420000 } from './migrations/1763686420000-account-exports';
import { RetentionIndexes1763686440000 } from './migrations/1763686440000-retention-indexes';
import { ApiKeys1764300000000 } from './migrations/1764300000000-api-keys';
import { Webhooks1764300100000 } from './migrations/1764300100000-webhooks';
import { SharedVideos1764400100000 } from './migrations/1764400100000-shared-videos';
import { GalleryModeration1764400110000 } from './migrations/1764400110000-gallery-moderation';
import { Notifications1764400200000 } from './migrations/1764400200000-notifications';
import { PromotionCodes1764400300000 } from './migrations/1764400300000-promotion-codes';
import { Referrals1764400400000 } from './migrations/1764400400000-referrals';
import { VideoEffects1764400500000 } from './migrations/1764400500000-video-effects';

/** Every migration, oldest first; run at start. Written with the schema builder so they run on SQLite and MySQL. */
export const migrations = [
  InitialUsers1763683200000,
  SessionsAndLedger1763683300000,
  VideoTasks1763683400000,
  Billing1763683500000,
  VideoOptions1763683600000,
  Blog1763683700000,
  VideoRequestHash1763683800000,
  WorkersAndScheduleLeases1763683900000,
  LedgerPageIndex1763684000000,
  ExactUserIdentity1763684200000,
  PaymentRefunds1763684300000,
  VideoErrorCode1763684500000,
  BlogTagsLength1763684600000,
  VideoTaskDeletedAt1763684700000,
  VideoVersions1763684800000,
  AdminAudit1763684900000,
  VideoTraceParent1763685000000,
  PaymentNoGrantReason1763685400000,
  AuditLogAppendOnly1763685600000,
  VideoSeedAndBatch1763685800000,
  PaymentReceiptUrl1763686300000,
  SubscriptionCancelAt1763686310000,
  AccountErasure1763686400000,
  AccountExports1763686420000,
  RetentionIndexes1763686440000,
  ApiKeys1764300000000,
  Webhooks1764300100000,
  SharedVideos1764400100000,
  GalleryModeration1764400110000,
  Notifications1764400200000,
  PromotionCodes1764400300000,
  Referrals1764400400000,
  VideoEffects1764400500000,
];
