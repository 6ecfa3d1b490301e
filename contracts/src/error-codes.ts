/**
 * Every module's own error codes, each written once: a module's `*.exception.ts` code enum is its
 * object here, and envelope.ts's MODULE_ERROR_CODES (what clients switch on) lists them all.
 */

/** account-export.exception.ts */
export const ACCOUNT_EXPORT_ERROR_CODES = {
  /** One export per EXPORT_EVERY_HOURS: 429, with the time the next one becomes possible. */
  TooSoon: 'ACCOUNT_EXPORT_TOO_SOON',
  NotFound: 'ACCOUNT_EXPORT_NOT_FOUND',
  NotReady: 'ACCOUNT_EXPORT_NOT_READY',
  LinkExpired: 'ACCOUNT_EXPORT_LINK_EXPIRED',
  SignedOut: 'ACCOUNT_EXPORT_SIGNED_OUT',
} as const;

/** account-deletion.exception.ts */
export const ACCOUNT_DELETION_ERROR_CODES = {
  /** The e-mail typed to confirm is not the account's (422, nothing changed). */
  EmailMismatch: 'ACCOUNT_DELETION_EMAIL_MISMATCH',
  /** No such account, or it was deleted already (404). */
  UserNotFound: 'ACCOUNT_DELETION_USER_NOT_FOUND',
  /** An admin deleting their own account from the console: they use the account page (409). */
  OwnAccount: 'ACCOUNT_DELETION_OWN_ACCOUNT',
  /** Stripe could not cancel the plan: nothing was deleted (502). */
  BillingFailed: 'ACCOUNT_DELETION_BILLING_FAILED',
} as const;

/** admin.exception.ts */
export const ADMIN_ERROR_CODES = {
  UserNotFound: 'ADMIN_USER_NOT_FOUND',
  BalanceBelowZero: 'ADMIN_BALANCE_BELOW_ZERO',
  IdempotencyConflict: 'ADMIN_IDEMPOTENCY_CONFLICT',
  OwnAdminRole: 'ADMIN_OWN_ADMIN_ROLE',
  OwnRole: 'ADMIN_OWN_ROLE',
  LastAdmin: 'ADMIN_LAST_ADMIN',
  RoleFromConfig: 'ADMIN_ROLE_FROM_CONFIG',
  PaymentNotFound: 'ADMIN_PAYMENT_NOT_FOUND',
  PaymentRefunded: 'ADMIN_PAYMENT_REFUNDED',
  RefundFailed: 'ADMIN_REFUND_FAILED',
  TaskNotFound: 'ADMIN_TASK_NOT_FOUND',
  TaskNotRefundable: 'ADMIN_TASK_NOT_REFUNDABLE',
  TaskNotRetryable: 'ADMIN_TASK_NOT_RETRYABLE',
} as const;

/** api-keys.exception.ts */
export const API_KEYS_ERROR_CODES = {
  /** No such key of the caller's (404). */
  NotFound: 'API_KEYS_NOT_FOUND',
  /** MAX_API_KEYS live keys already (409). */
  TooMany: 'API_KEYS_TOO_MANY',
  /** The key is unknown, malformed or revoked (401). */
  Invalid: 'API_KEYS_INVALID',
  /** The key lacks the route's scope (403). */
  MissingScope: 'API_KEYS_MISSING_SCOPE',
  /** A browser session token on `/v1` or `/mcp`, which take API keys only (401). */
  NotAnApiKey: 'API_KEYS_NOT_AN_API_KEY',
  /** The key's monthly cap would be passed: nothing was charged (402). */
  CapReached: 'API_KEYS_CAP_REACHED',
} as const;

/** auth.exception.ts */
export const AUTH_ERROR_CODES = {
  GoogleOnly: 'AUTH_GOOGLE_ONLY',
  GoogleNotConfigured: 'AUTH_GOOGLE_NOT_CONFIGURED',
  GoogleTokenInvalid: 'AUTH_GOOGLE_TOKEN_INVALID',
  DevLoginDisabled: 'AUTH_DEV_LOGIN_DISABLED',
  NotSignedIn: 'AUTH_NOT_SIGNED_IN',
  SessionExpired: 'AUTH_SESSION_EXPIRED',
  NotAdmin: 'AUTH_NOT_ADMIN',
  NotBlogManager: 'AUTH_NOT_BLOG_MANAGER',
  /** An API key on a web route: keys work only on `/v1` and `/mcp` (401). */
  ApiKeyNotAccepted: 'AUTH_API_KEY_NOT_ACCEPTED',
} as const;

/** billing.exception.ts */
export const BILLING_ERROR_CODES = {
  UnknownItem: 'BILLING_UNKNOWN_ITEM',
  AlreadySubscribed: 'BILLING_ALREADY_SUBSCRIBED',
  SessionNotFound: 'BILLING_SESSION_NOT_FOUND',
  SessionClosed: 'BILLING_SESSION_CLOSED',
  NoSubscription: 'BILLING_NO_SUBSCRIPTION',
  Unavailable: 'BILLING_UNAVAILABLE',
  BadSignature: 'BILLING_BAD_SIGNATURE',
  ProviderFailed: 'BILLING_PROVIDER_FAILED',
  PaymentNotFound: 'BILLING_PAYMENT_NOT_FOUND',
  NoCustomer: 'BILLING_NO_CUSTOMER',
  AccountNotFound: 'BILLING_ACCOUNT_NOT_FOUND',
} as const;

/** blog.exception.ts */
export const BLOG_ERROR_CODES = {
  NotFound: 'BLOG_POST_NOT_FOUND',
  InvalidImage: 'BLOG_INVALID_IMAGE',
  ImageTooLarge: 'BLOG_IMAGE_TOO_LARGE',
  BadUpload: 'BLOG_BAD_UPLOAD',
} as const;

/** credits.exception.ts */
export const CREDITS_ERROR_CODES = {
  Insufficient: 'CREDITS_INSUFFICIENT',
  InvalidAmount: 'CREDITS_INVALID_AMOUNT',
  UserNotFound: 'CREDITS_USER_NOT_FOUND',
  Forbidden: 'CREDITS_FORBIDDEN',
  UnknownModel: 'CREDITS_UNKNOWN_MODEL',
  IdempotencyConflict: 'CREDITS_IDEMPOTENCY_CONFLICT',
} as const;

/** database.exception.ts */
export const DATABASE_ERROR_CODES = {
  /** The schema is older than this release's code: the migration Job has not run yet. */
  SchemaPending: 'DATABASE_SCHEMA_PENDING',
  /** Another migration held the lock for longer than this one would wait. */
  MigrationLockTimeout: 'DATABASE_MIGRATION_LOCK_TIMEOUT',
} as const;

/** events.exception.ts */
export const EVENTS_ERROR_CODES = {
  Draining: 'EVENTS_DRAINING',
  TooManyFromAddress: 'EVENTS_TOO_MANY_FROM_ADDRESS',
  RateLimited: 'EVENTS_RATE_LIMITED',
} as const;

/** gallery.exception.ts */
export const GALLERY_ERROR_CODES = {
  /** An admin banned the user from the gallery: their videos are not offered (403). */
  Banned: 'GALLERY_BANNED',
  /** No such live shared video (unknown, or no longer shared) (404). */
  NotFound: 'GALLERY_NOT_FOUND',
  /** No such user to ban or unban (404). */
  UserNotFound: 'GALLERY_USER_NOT_FOUND',
  /** More reports from one visitor in an hour than GALLERY_REPORTS_PER_HOUR (10) (429, with Retry-After). */
  TooManyReports: 'GALLERY_TOO_MANY_REPORTS',
  /** Restore of a video its owner no longer offers to the gallery (409). */
  NotOffered: 'GALLERY_NOT_OFFERED',
  /** Restore of a video whose owner is banned from the gallery: unban first (409). */
  OwnerBanned: 'GALLERY_OWNER_BANNED',
} as const;

/** health.exception.ts */
export const HEALTH_ERROR_CODES = {
  DatabaseDown: 'HEALTH_DATABASE_DOWN',
  NotReady: 'HEALTH_NOT_READY',
} as const;

/** public-api.exception.ts (the versioned developer API, `/v1`) */
export const PUBLIC_API_ERROR_CODES = {
  /** A body, form or query that does not match the route's schema (400, with `errors`). */
  InvalidRequest: 'PUBLIC_API_INVALID_REQUEST',
  /** `starting_after` names no video of the caller's (400). */
  InvalidCursor: 'PUBLIC_API_INVALID_CURSOR',
  /** `image_url` is not https, or its host is (or resolves to) a private address (400). */
  ImageUrlRefused: 'PUBLIC_API_IMAGE_URL_REFUSED',
  /** `image_url` could not be fetched: no answer, an error status, or more than MAX_IMAGE_BYTES (422). */
  ImageUrlUnreadable: 'PUBLIC_API_IMAGE_URL_UNREADABLE',
  /** Cancel: the video is no longer queued (a worker took it, or it finished) (409). */
  NotCancellable: 'PUBLIC_API_NOT_CANCELLABLE',
} as const;

/** sharing.exception.ts */
export const SHARING_ERROR_CODES = {
  /** No such live share, or a video that is not the caller's (404, the same answer for both). */
  NotFound: 'SHARING_NOT_FOUND',
  /** Only a finished video with its file can be shared (409). */
  NotShareable: 'SHARING_NOT_SHAREABLE',
  /** oEmbed in a format other than JSON (501, as the oEmbed specification says). */
  FormatNotImplemented: 'SHARING_FORMAT_NOT_IMPLEMENTED',
} as const;

/** storage.exception.ts */
export const STORAGE_ERROR_CODES = {
  NotFound: 'STORAGE_NOT_FOUND',
  InvalidKey: 'STORAGE_INVALID_KEY',
  Unavailable: 'STORAGE_UNAVAILABLE',
} as const;

/** users.exception.ts */
export const USERS_ERROR_CODES = {
  EmailTaken: 'USERS_EMAIL_TAKEN',
} as const;

/** video.exception.ts */
export const VIDEO_ERROR_CODES = {
  PromptRequired: 'VIDEO_PROMPT_REQUIRED',
  PromptTooLong: 'VIDEO_PROMPT_TOO_LONG',
  ImageRequired: 'VIDEO_IMAGE_REQUIRED',
  NotSignedIn: 'VIDEO_NOT_SIGNED_IN',
  UnknownModel: 'VIDEO_UNKNOWN_MODEL',
  InsufficientCredits: 'VIDEO_INSUFFICIENT_CREDITS',
  InvalidImage: 'VIDEO_INVALID_IMAGE',
  ImageTooLarge: 'VIDEO_IMAGE_TOO_LARGE',
  /** Width × height over MAX_IMAGE_PIXELS, whatever the file's size. */
  ImageTooManyPixels: 'VIDEO_IMAGE_TOO_MANY_PIXELS',
  BadForm: 'VIDEO_BAD_FORM',
  BadOption: 'VIDEO_BAD_OPTION',
  UnsupportedOption: 'VIDEO_UNSUPPORTED_OPTION',
  Unavailable: 'VIDEO_UNAVAILABLE',
  NotFound: 'VIDEO_NOT_FOUND',
  LinkExpired: 'VIDEO_LINK_EXPIRED',
  IdempotencyKeyReused: 'VIDEO_IDEMPOTENCY_KEY_REUSED',
  TaskUnfinished: 'VIDEO_TASK_UNFINISHED',
  /** Edit/extend: the video is not a finished Gemini Omni Flash video. */
  NotEditable: 'VIDEO_NOT_EDITABLE',
  /** Extend: the video would pass MAX_VIDEO_SECONDS. */
  TooLong: 'VIDEO_TOO_LONG',
  /** Edit/extend: the provider cannot work on this video (its checkParent reason). */
  ParentRefused: 'VIDEO_PARENT_REFUSED',
  /** The user already has VIDEO_MAX_ACTIVE_PER_USER generations in the making (409, nothing charged). */
  TooManyActive: 'VIDEO_TOO_MANY_ACTIVE',
  /** Generate with `remix_of`: the shared video is not shared (any more), so nothing is made or charged (422). */
  RemixUnavailable: 'VIDEO_REMIX_UNAVAILABLE',
} as const;

/** webhooks.exception.ts */
export const WEBHOOKS_ERROR_CODES = {
  /** No such endpoint of the caller's (404). */
  NotFound: 'WEBHOOKS_NOT_FOUND',
  /** No such delivery of the caller's (404). */
  DeliveryNotFound: 'WEBHOOKS_DELIVERY_NOT_FOUND',
  /** MAX_WEBHOOK_ENDPOINTS already (409). */
  TooMany: 'WEBHOOKS_TOO_MANY',
  /** Not an absolute https URL (http only for hosts WEBHOOK_ALLOW_PRIVATE_HOSTS names), or with credentials (400). */
  InvalidUrl: 'WEBHOOKS_INVALID_URL',
  /** The host is, or resolves to, a private, loopback or reserved address (400). */
  PrivateAddress: 'WEBHOOKS_PRIVATE_ADDRESS',
  /** The delivery is being sent at this moment (409). */
  DeliveryBusy: 'WEBHOOKS_DELIVERY_BUSY',
  /** More test events and replays in a minute than WEBHOOK_SENDS_PER_MINUTE (429, with Retry-After). */
  TooManySends: 'WEBHOOKS_TOO_MANY_SENDS',
} as const;

/** notifications.exception.ts */
export const NOTIFICATIONS_ERROR_CODES = {
  /** A push subscription's endpoint that is not an https URL (http only for hosts PUSH_ALLOW_PRIVATE_HOSTS names) (400). */
  InvalidEndpoint: 'NOTIFICATIONS_INVALID_ENDPOINT',
  /** The site has no VAPID keys, so no browser can subscribe (409). */
  PushUnavailable: 'NOTIFICATIONS_PUSH_UNAVAILABLE',
} as const;

/** referrals.exception.ts */
export const REFERRALS_ERROR_CODES = {
  /** No unused referral code could be drawn (503; asking again draws new ones). */
  CodeUnavailable: 'REFERRALS_CODE_UNAVAILABLE',
} as const;

/** promotions.exception.ts */
export const PROMOTIONS_ERROR_CODES = {
  /** No such promotion code (404). */
  UnknownCode: 'PROMOTIONS_UNKNOWN_CODE',
  /** The code is past its expiry (409); at Pay: it expired since it was applied. */
  Expired: 'PROMOTIONS_EXPIRED',
  /** The code reached its redemption limit (409); at Pay: it ran out since it was applied. */
  UsedUp: 'PROMOTIONS_USED_UP',
  /** An admin disabled the code (409). */
  Disabled: 'PROMOTIONS_DISABLED',
  /** Create: another code has this text (409). */
  CodeTaken: 'PROMOTIONS_CODE_TAKEN',
  /** Disable: no such code (404). */
  NotFound: 'PROMOTIONS_NOT_FOUND',
} as const;

/** effects.exception.ts */
export const EFFECTS_ERROR_CODES = {
  /** No such effect, or not published (404). */
  NotFound: 'EFFECTS_NOT_FOUND',
  /** Generate: a required input missing, a text too long, a field the effect does not take (400). */
  BadInput: 'EFFECTS_BAD_INPUT',
  /** Generate: photos of people sent without `people_consent=yes` (400). */
  ConsentRequired: 'EFFECTS_CONSENT_REQUIRED',
  /** Console: a template, inputs or settings that cannot work (400), with what to change. */
  InvalidEffect: 'EFFECTS_INVALID_EFFECT',
  /** Console: another effect has this slug (409). */
  SlugTaken: 'EFFECTS_SLUG_TAKEN',
  /** Console: a sample that is not an MP4 or WebM video ffmpeg can read, or too large (400). */
  InvalidSample: 'EFFECTS_INVALID_SAMPLE',
} as const;

/** By module, in the order envelope.ts lists them. */
export const MODULE_ERRORS = {
  accountDeletion: ACCOUNT_DELETION_ERROR_CODES,
  accountExport: ACCOUNT_EXPORT_ERROR_CODES,
  admin: ADMIN_ERROR_CODES,
  apiKeys: API_KEYS_ERROR_CODES,
  auth: AUTH_ERROR_CODES,
  billing: BILLING_ERROR_CODES,
  blog: BLOG_ERROR_CODES,
  credits: CREDITS_ERROR_CODES,
  database: DATABASE_ERROR_CODES,
  effects: EFFECTS_ERROR_CODES,
  events: EVENTS_ERROR_CODES,
  gallery: GALLERY_ERROR_CODES,
  health: HEALTH_ERROR_CODES,
  notifications: NOTIFICATIONS_ERROR_CODES,
  promotions: PROMOTIONS_ERROR_CODES,
  publicApi: PUBLIC_API_ERROR_CODES,
  referrals: REFERRALS_ERROR_CODES,
  sharing: SHARING_ERROR_CODES,
  storage: STORAGE_ERROR_CODES,
  users: USERS_ERROR_CODES,
  video: VIDEO_ERROR_CODES,
  webhooks: WEBHOOKS_ERROR_CODES,
} as const;
