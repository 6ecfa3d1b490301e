import { V1_ROUTES, type V1Route } from '@veo3/contracts/public-api';

/** The key in the samples: a placeholder the reader replaces with theirs. */
export const SAMPLE_KEY = 'v3s_your_key';

const routes = V1_ROUTES as readonly V1Route[];
const byOperation = (id: string): V1Route => routes.find((route) => route.operationId === id)!;

/** The create example's body, as the reference shows it. */
const createBody = () => byOperation('createVideo').example?.body ?? { prompt: 'A red fox in the snow', model: 'veo3' };

const json = (value: unknown) => JSON.stringify(value, null, 2);
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export function curlCreate(origin: string): string {
  return [
    `export VEO3_API_KEY=${SAMPLE_KEY}`,
    '',
    `curl -X POST ${origin}/v1/videos \\`,
    `  -H "Authorization: Bearer $VEO3_API_KEY" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -H "Idempotency-Key: $(uuidgen)" \\`,
    `  -d ${shellQuote(JSON.stringify(createBody()))}`,
  ].join('\n');
}

export function curlPoll(origin: string): string {
  return [
    'VIDEO_ID=…  # the id of the created video',
    '',
    `curl ${origin}/v1/videos/$VIDEO_ID \\`,
    `  -H "Authorization: Bearer $VEO3_API_KEY"`,
  ].join('\n');
}

export function curlDownload(): string {
  return 'curl -L -o video.mp4 "$RESULT_URL"  # result_url of the completed video';
}

export function typescriptQuickStart(origin: string): string {
  return `const API = '${origin}/v1';
const headers = { Authorization: \`Bearer \${process.env.VEO3_API_KEY}\` };

// 1. Create the video (a retry with the same Idempotency-Key is charged once).
const created = await fetch(\`\${API}/videos\`, {
  method: 'POST',
  headers: { ...headers, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
  body: JSON.stringify(${JSON.stringify(createBody())}),
});
if (!created.ok) throw new Error((await created.json()).detail);
let video = await created.json();

// 2. Poll until it is completed or failed.
while (video.status === 'queued' || video.status === 'processing') {
  await new Promise((resolve) => setTimeout(resolve, 5000));
  video = await (await fetch(\`\${API}/videos/\${video.id}\`, { headers })).json();
}
if (video.status !== 'completed') throw new Error(video.error?.message ?? video.status);

// 3. Download it.
const file = await fetch(video.result_url);
await import('node:fs/promises').then((fs) => fs.writeFile('video.mp4', Buffer.from(await file.arrayBuffer())));`;
}

export function problemSample(): string {
  const reply = byOperation('createVideo').replies[402]?.example;
  return `HTTP/1.1 402 Payment Required\nContent-Type: application/problem+json\n\n${json(reply)}`;
}

export function webhookSample(): string {
  return `import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.VEO3_WEBHOOK_SECRET!); // whsec_…

/** The event of a delivery; throws when its signature or timestamp is wrong. */
export function readDelivery(rawBody: string, headers: Record<string, string>) {
  return webhook.verify(rawBody, {
    'webhook-id': headers['webhook-id'],
    'webhook-timestamp': headers['webhook-timestamp'],
    'webhook-signature': headers['webhook-signature'],
  }) as { type: string; timestamp: string; data: Record<string, unknown> };
}`;
}

export function mcpConfig(origin: string): string {
  return json({
    mcpServers: {
      'veo3-studio': { type: 'http', url: `${origin}/mcp`, headers: { Authorization: `Bearer ${SAMPLE_KEY}` } },
    },
  });
}

export function mcpCli(origin: string): string {
  return `claude mcp add --transport http veo3-studio ${origin}/mcp \\\n  --header "Authorization: Bearer ${SAMPLE_KEY}"`;
}
