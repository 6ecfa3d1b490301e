import { createServer } from 'node:net';
import { DataSource } from 'typeorm';
import { multipart } from './multipart';
import { devSignIn, type SignedIn } from './sign-in';
import type { TestApp } from './test-app';

export type Upload = { data: Buffer; filename: string; type: string };

/** The video API as the browser uses it, against a test app; `admin` grants credits. */
export function videoClient(t: TestApp, admin: SignedIn) {
  const db = () => t.app.get(DataSource);
  return {
    async userWith(email: string, credits: number): Promise<SignedIn> {
      const user = await devSignIn(t.app, email);
      if (credits > 0) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/credits/add',
          headers: admin.auth,
          payload: { userId: user.user.id, amount: credits, reason: 'test credits', sourceId: `seed-${email}` },
        });
        if (res.statusCode !== 200) throw new Error(`grant failed: ${res.body}`);
      }
      return user;
    },
    generate(
      fields: Record<string, string>,
      user?: SignedIn,
      files: Record<string, Upload | Upload[]> = {},
      idempotencyKey?: string,
    ) {
      const { payload, headers } = multipart(fields, files);
      return t.app.inject({
        method: 'POST',
        url: '/api/video/generate',
        payload,
        headers: {
          ...headers,
          ...(user?.auth ?? {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
      });
    },
    /** POST /api/video/edit/:taskId or /extend/:taskId with a JSON body. */
    revise(
      kind: 'edit' | 'extend',
      user: SignedIn | undefined,
      taskId: string,
      body: Record<string, unknown>,
      idempotencyKey?: string,
    ) {
      return t.app.inject({
        method: 'POST',
        url: `/api/video/${kind}/${taskId}`,
        payload: body,
        headers: { ...(user?.auth ?? {}), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      });
    },
    async history(user: SignedIn, query = '') {
      return (await t.app.inject({ method: 'GET', url: `/api/video/history${query}`, headers: user.auth })).json().data;
    },
    /** The user's ledger lines (amount, source, key), oldest first. */
    async ledger(user: SignedIn): Promise<{ amount: number; source_type: string; idempotency_key: string }[]> {
      const rows: { amount: number | string; source_type: string; idempotency_key: string }[] = await db().query(
        'SELECT amount, source_type, idempotency_key FROM credit_transactions WHERE user_id = ? ORDER BY created_at, id',
        [user.user.id],
      );
      return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
    },
    async balance(user: SignedIn): Promise<number> {
      const res = await t.app.inject({ method: 'GET', url: '/api/credits/balance', headers: user.auth });
      return res.json().data.total_credits;
    },
    status(user: SignedIn, taskId: string) {
      return t.app.inject({ method: 'GET', url: `/api/video/status/${taskId}`, headers: user.auth });
    },
    async waitFor(user: SignedIn, taskId: string, states: string[], timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const data = (await this.status(user, taskId)).json().data;
        if (states.includes(data.status)) return data;
        if (Date.now() > deadline) throw new Error(`task ${taskId} is ${data.status}, never reached ${states}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async refunds(taskId: string): Promise<number> {
      const rows = await db().query('SELECT COUNT(*) AS n FROM credit_transactions WHERE idempotency_key = ?', [
        `video:${taskId}:refund`,
      ]);
      return Number(rows[0].n);
    },
    async health() {
      return (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
    },
  };
}

/** A free local TCP port, for an app that must be reachable over HTTP (a provider calling back). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
