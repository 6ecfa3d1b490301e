// Test data shaped by the contract (@veo3/contracts/admin); never bundled.
import type {
  AdminAuditEntry,
  AdminOverview,
  AdminPayment,
  AdminTask,
  AdminUser,
  AdminUserDetail,
} from '@veo3/contracts/admin';
import type { AdminEffect } from '@veo3/contracts/effects';
import type { OfferedModel } from '@veo3/contracts/model-catalogue';

export const adminUserFixture = (over: Partial<AdminUser> = {}): AdminUser => ({
  id: 'u-2',
  email: 'bob@example.com',
  name: 'Bob',
  provider: 'dev',
  credits: 40,
  is_admin: false,
  can_manage_blog: false,
  config_roles: [],
  has_plan: false,
  paid_cents: 1999,
  created_at: '2026-03-01T10:00:00.000Z',
  ...over,
});

export const paymentFixture = (over: Partial<AdminPayment> = {}): AdminPayment => ({
  id: 'cs_test_1',
  user_id: 'u-2',
  user_email: 'bob@example.com',
  kind: 'pack',
  item_id: 'starter',
  amount_cents: 1999,
  currency: 'usd',
  credits: 400,
  status: 'paid',
  refunded_cents: 0,
  credits_reclaimed: 0,
  checkout_session_id: 'cs_test_1',
  subscription_id: null,
  simulated: false,
  created_at: '2026-03-02T10:00:00.000Z',
  refunded_at: null,
  disputed_at: null,
  ...over,
});

export const taskFixture = (over: Partial<AdminTask> = {}): AdminTask => ({
  id: 't-1',
  user_id: 'u-2',
  user_email: 'bob@example.com',
  model: 'veo-3',
  kind: 'generate',
  status: 'failed',
  prompt: 'A cat on a skateboard',
  credits: 40,
  error_code: 'PROVIDER_ERROR',
  error_detail: 'quota exceeded',
  refunded: false,
  stuck: false,
  created_at: '2026-03-03T10:00:00.000Z',
  updated_at: '2026-03-03T10:05:00.000Z',
  finished_at: '2026-03-03T10:05:00.000Z',
  ...over,
});

export const auditFixture = (over: Partial<AdminAuditEntry> = {}): AdminAuditEntry => ({
  id: 'a-1',
  created_at: '2026-03-04T10:00:00.000Z',
  actor_type: 'admin',
  actor_id: 'u-1',
  actor_email: 'root@example.com',
  action: 'credits.adjust',
  target_type: 'user',
  target_id: 'u-2',
  before: { credits: 40 },
  after: { credits: 140 },
  reason: 'Goodwill for a failed video',
  request_id: 'req-1',
  ...over,
});

export const userDetailFixture = (over: Partial<AdminUserDetail> = {}): AdminUserDetail => ({
  user: adminUserFixture(),
  ledger: [
    {
      id: 'l-1',
      amount: 400,
      balance_after: 440,
      source_type: 'purchase',
      source_id: 'cs_test_1',
      description: 'Starter pack',
      created_at: '2026-03-02T10:00:00.000Z',
    },
  ],
  payments: [paymentFixture()],
  subscription: null,
  tasks: [taskFixture()],
  sessions: [
    {
      id: 's-1',
      created_at: '2026-03-01T10:00:00.000Z',
      expires_at: '2026-04-01T10:00:00.000Z',
      revoked_at: null,
      user_agent: 'Firefox',
    },
  ],
  ...over,
});

const zero = {
  sign_ups: 0,
  paying_users: 0,
  revenue_cents: 0,
  refunded_cents: 0,
  net_revenue_cents: 0,
  credits_granted: 0,
  credits_spent: 0,
  generations: [],
};

export const overviewFixture = (): AdminOverview => ({
  from: '2026-03-01',
  to: '2026-03-03',
  currency: 'usd',
  days: [
    { ...zero, date: '2026-03-01', sign_ups: 2 },
    {
      ...zero,
      date: '2026-03-02',
      sign_ups: 5,
      paying_users: 1,
      revenue_cents: 1999,
      net_revenue_cents: 1999,
      generations: [{ model: 'veo-3', outcome: 'succeeded', count: 3 }],
    },
    { ...zero, date: '2026-03-03', refunded_cents: 500, net_revenue_cents: -500 },
  ],
  totals: {
    sign_ups: 7,
    paying_users: 1,
    revenue_cents: 1999,
    refunded_cents: 500,
    net_revenue_cents: 1499,
    credits_granted: 400,
    credits_spent: 40,
    generations: [
      { model: 'veo-3', outcome: 'succeeded', count: 3 },
      { model: 'veo-3', outcome: 'failed', count: 1 },
    ],
  },
});

export const effectFixture = (over: Partial<AdminEffect> = {}): AdminEffect => ({
  id: 'e-1',
  slug: 'kiss',
  category: 'interaction',
  badge: 'hot',
  name: { en: 'Kiss', 'zh-CN': '亲吻' },
  description: { en: 'Two photos, one kiss.', 'zh-CN': '两张照片，一个吻。' },
  inputs: [
    { key: 'photo_1', kind: 'photo', label: { en: 'First person', 'zh-CN': '第一个人' }, required: true },
    { key: 'photo_2', kind: 'photo', label: { en: 'Second person', 'zh-CN': '第二个人' }, required: true },
  ],
  faq: [],
  people: true,
  price: 60,
  settings: { model: 'veo3', aspect_ratio: '9:16', resolution: '720p', duration_s: 8 },
  sample_url: null,
  poster_url: '/media/effects/kiss.jpg',
  prompt_template: 'The two people in the photos share a gentle kiss.',
  position: 1,
  published: true,
  updated_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

/** A model as GET /api/video/options' `catalogue` offers it. */
export const offeredModelFixture = (over: Partial<OfferedModel> & Pick<OfferedModel, 'id' | 'name'>): OfferedModel => ({
  vendor: 'Google',
  strength: { en: 'Good at this', zh: '擅长这个' },
  inputs: {
    text: true,
    first_frame: true,
    last_frame: false,
    reference_images: 0,
    negative_prompt: false,
    seed: false,
  },
  outputs: { durations: [8], aspect_ratios: ['16:9', '9:16'], resolutions: ['720p', '1080p'], audio: true },
  edits: false,
  extends: false,
  price: { per: 'video', credits: { '720p': 40, '1080p': 60 } },
  typical_wait_s: 60,
  available: true,
  message: null,
  alternative: null,
  extend_instruction: false,
  wait: { median_s: 60, p90_s: 180, source: 'vendor' },
  ...over,
});
