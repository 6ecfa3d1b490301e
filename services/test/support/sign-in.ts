import type { NestFastifyApplication } from '@nestjs/platform-fastify';

export interface SignedIn {
  token: string;
  user: {
    id: string;
    email: string;
    name: string | null;
    credits: number;
    can_manage_blog: boolean;
    is_admin: boolean;
  };
  auth: { authorization: string };
}

/** Signs in through the real dev sign-in route. */
export async function devSignIn(app: NestFastifyApplication, email: string, name?: string): Promise<SignedIn> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/dev', payload: { email, name } });
  if (res.statusCode !== 200) throw new Error(`dev sign-in failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { token: body.token, user: body.user, auth: { authorization: `Bearer ${body.token}` } };
}
