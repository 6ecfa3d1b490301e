import { z } from 'zod';

export const GoogleSignInSchema = z.object({
  token: z.string({ error: 'token is required' }).min(10, 'token is required').max(8192),
});
export type GoogleSignInDto = z.infer<typeof GoogleSignInSchema>;

export const DevSignInSchema = z.object({
  // 254: the longest address mail can deliver to, and within provider_subject (255), where dev sign-in keeps it.
  email: z.email({ error: 'Please enter a valid e-mail address' }).max(254),
  name: z.string().trim().max(200).nullish(),
});
export type DevSignInDto = z.infer<typeof DevSignInSchema>;
