/**
 * The runtime configuration a page carries (`<script id="app-config" type="application/json">`,
 * rendered by services/src/site), read by platform/src/config/runtime-config.ts. Never baked into a build.
 */
import { z } from 'zod';

export const REMOTE_NAMES = ['generator', 'billing', 'blog', 'blogAdmin', 'admin'] as const;
export const RemoteName = z.enum(REMOTE_NAMES);
export type RemoteName = z.infer<typeof RemoteName>;

export const RuntimeConfigSchema = z.object({
  siteUrl: z.string(),
  /** Each remote's mf-manifest.json URL (root-relative when served by the site itself). */
  remotes: z.record(RemoteName, z.string()),
  gaMeasurementId: z.string().nullable(),
  googleClientId: z.string().nullable(),
  devLogin: z.boolean(),
  supportEmail: z.string(),
  serviceEmail: z.string(),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;
