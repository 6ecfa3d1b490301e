import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ApiKeyScope } from '@veo3/contracts/api-keys';
import type { V1Balance, V1ModelList, V1Video } from '@veo3/contracts/public-api';
import { createApiKey } from './support/api-key';
import { devSignIn, type SignedIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';
import { freePort, videoClient } from './support/video-client';

// One real render on the local renderer per database.
jest.setTimeout(150_000);

const ALL_SCOPES: ApiKeyScope[] = ['videos:write', 'videos:read', 'credits:read'];
const TOOLS = ['generate_video', 'get_balance', 'get_video', 'list_models'];

describe.each(databaseKinds())('the MCP server at /mcp on %s', (db) => {
  let t: TestApp;
  let base: string;
  let video: ReturnType<typeof videoClient>;
  let n = 0;
  const clients: Client[] = [];

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // SITE_URL is where the app listens: the signed links in result_url are fetched as a developer would.
    t = await createTestApp(db, {
      ADMIN_EMAILS: 'admin@example.com',
      SITE_URL: base,
      GENERATE_RATE_LIMIT: '1000',
      VIDEO_POLL_INTERVAL_MS: '50',
    });
    await t.app.listen(port, '127.0.0.1');
    video = videoClient(t, await devSignIn(t.app, 'admin@example.com'));
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await t?.close();
  });

  /** A user with `credits` and an API key of theirs with `scopes`. */
  async function developer(
    credits: number,
    scopes = ALL_SCOPES,
    monthlyCap: number | null = null,
  ): Promise<{ me: SignedIn; id: string; secret: string }> {
    const me = await video.userWith(`mcp${++n}@example.com`, credits);
    const { id, secret } = await createApiKey(t.app, me, scopes, monthlyCap);
    return { me, id, secret };
  }

  async function connect(authorization: string): Promise<Client> {
    const client = new Client({ name: 'mcp-spec', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
      requestInit: { headers: { Authorization: authorization } },
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;

  /** A raw POST /mcp: an initialize request, as a client's first. */
  const initialize = (authorization?: string) =>
    fetch(`${base}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(authorization ? { authorization } : {}),
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      }),
    });

  it('lists its four tools with their input schemas', async () => {
    const { secret } = await developer(0);
    const client = await connect(`Bearer ${secret}`);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
    const generate = tools.find((tool) => tool.name === 'generate_video')!;
    expect(generate.inputSchema.required).toEqual(['prompt', 'model']);
    expect(Object.keys(generate.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['prompt', 'model', 'aspect_ratio', 'resolution', 'duration_s', 'image_url']),
    );
    expect(generate.description).toMatch(/spends/);
  });

  it('makes a video, charged once at the model’s price, and links the finished MP4', async () => {
    const { me, secret } = await developer(1000);
    const client = await connect(`Bearer ${secret}`);
    expect((await call(client, 'get_balance')).structuredContent).toEqual({ object: 'balance', credits: 1000 });

    const models = (await call(client, 'list_models')).structuredContent as V1ModelList;
    const model = models.data.find((m) => m.id === 'veo3')!;
    const price = model.price.credits['720p']!;
    expect(price).toBeGreaterThan(0);

    const args = { prompt: 'a lighthouse in a storm at night', model: 'veo3', idempotency_key: 'mcp-spec-lighthouse' };
    const created = await call(client, 'generate_video', args);
    expect(created.isError).toBeFalsy();
    const task = created.structuredContent as V1Video & { balance: number; replayed: boolean };
    expect(task).toMatchObject({ status: 'queued', credits: price, balance: 1000 - price, replayed: false });
    expect(JSON.parse((created.content[0] as { text: string }).text)).toMatchObject({ id: task.id });

    // The same request again (a retry): the same video, nothing charged again.
    const again = (await call(client, 'generate_video', args)).structuredContent as typeof task;
    expect(again).toMatchObject({ id: task.id, replayed: true, balance: 1000 - price });

    let current = task as V1Video;
    for (const deadline = Date.now() + 140_000; !['completed', 'failed'].includes(current.status);) {
      if (Date.now() > deadline) throw new Error(`video ${task.id} is still ${current.status}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      current = (await call(client, 'get_video', { id: task.id })).structuredContent as V1Video;
    }
    expect(current.status).toBe('completed');
    const file = await fetch(current.result_url!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('video/mp4');
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(10_000);

    expect(((await call(client, 'get_balance')).structuredContent as V1Balance).credits).toBe(1000 - price);
    expect(await video.balance(me)).toBe(1000 - price);
    expect((await video.ledger(me)).filter((line) => line.amount < 0).map((line) => line.amount)).toEqual([-price]);
  });

  it('answers a missing scope with a tool error, and takes nothing', async () => {
    const { me, secret } = await developer(1000, ['videos:read']);
    const client = await connect(`Bearer ${secret}`);
    const refused = await call(client, 'generate_video', { prompt: 'a quiet lake', model: 'veo3' });
    expect(refused.isError).toBe(true);
    expect((refused.content[0] as { text: string }).text).toMatch(/videos:write/);
    const balance = await call(client, 'get_balance');
    expect(balance.isError).toBe(true);
    expect((balance.content[0] as { text: string }).text).toMatch(/credits:read/);
    expect(await video.balance(me)).toBe(1000);
  });

  it("keeps to the key's monthly cap as /v1 does: a video past it is refused, nothing charged", async () => {
    const { me, secret } = await developer(1000, ALL_SCOPES, 10);
    const client = await connect(`Bearer ${secret}`);
    const refused = await call(client, 'generate_video', { prompt: 'a red kite over the sea', model: 'veo3' });
    expect(refused.isError).toBe(true);
    expect((refused.content[0] as { text: string }).text).toMatch(/may spend 10 credits a month/);
    expect(await video.balance(me)).toBe(1000);
    expect(await video.ledger(me)).toHaveLength(1); // the grant alone
  });

  it('answers a video of another account as not found', async () => {
    const { secret } = await developer(0);
    const client = await connect(`Bearer ${secret}`);
    const missing = await call(client, 'get_video', { id: '0f8fad5b-d9cb-469f-a165-70867728950e' });
    expect(missing).toMatchObject({ isError: true, content: [{ type: 'text', text: 'Video not found' }] });
  });

  it('refuses a revoked key, a session token and no key with 401 before the handshake', async () => {
    const { me, id, secret } = await developer(0);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/account/api-keys/${id}`, headers: me.auth });
    expect(revoked.statusCode).toBe(200);
    await expect(connect(`Bearer ${secret}`)).rejects.toMatchObject({ code: 401 });

    for (const [authorization, code] of [
      [`Bearer ${secret}`, 'API_KEYS_INVALID'],
      [`Bearer ${me.token}`, 'API_KEYS_NOT_AN_API_KEY'],
      [undefined, 'API_KEYS_INVALID'],
    ] as const) {
      const res = await initialize(authorization);
      expect([res.status, res.headers.get('www-authenticate'), ((await res.json()) as { code: string }).code]).toEqual([
        401,
        'Bearer realm="mcp"',
        code,
      ]);
    }
  });

  it('answers GET and DELETE with 405: no stream and no session to end', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${base}/mcp`, { method, headers: { accept: 'text/event-stream' } });
      expect([res.status, res.headers.get('allow')]).toEqual([405, 'POST']);
    }
  });
});
