import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { checkContractCompat, contractSnapshot, findBreakingChanges } from './compat';
import { ErrorReply, ok } from './envelope';
import { API_ROUTES, routeKey, type ApiRoute } from './routes';

const contractsDir = join(__dirname, '..');
const version = (JSON.parse(readFileSync(join(contractsDir, 'package.json'), 'utf8')) as { version: string }).version;
const releasedFile = join(contractsDir, 'released', `v${version.split('.')[0]}.json`);

describe('the contract against the released one', () => {
  const current = contractSnapshot(version);

  // `npm run contract:release` (CONTRACT_RELEASE=1) writes the current contract as the release of its major version.
  if (process.env.CONTRACT_RELEASE === '1') {
    it('writes the release', () => {
      writeFileSync(releasedFile, `${JSON.stringify(current, null, 2)}\n`);
      expect(JSON.parse(readFileSync(releasedFile, 'utf8'))).toEqual(JSON.parse(JSON.stringify(current)));
    });
    return;
  }

  it('breaks no client of the released contract (or the major version moved on)', () => {
    expect(existsSync(releasedFile)).toBe(true);
    const released = JSON.parse(readFileSync(releasedFile, 'utf8'));
    const result = checkContractCompat(released, current);
    if (!result.ok) {
      throw new Error(
        `The API contract breaks clients of ${releasedFile} (v${released.version}):\n  ${result.breaks.join('\n  ')}\n` +
          'Restore what was removed or changed, or raise the major version in contracts/package.json and run `npm run contract:release`.',
      );
    }
  });

  it('lists each route once', () => {
    const keys = API_ROUTES.map((r) => routeKey(r));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('findBreakingChanges', () => {
  const user = z.object({ id: z.string(), credits: z.number().int(), name: z.string().nullable() });
  const body = z.object({ prompt: z.string(), model: z.string().optional() });
  const base: ApiRoute = { method: 'POST', path: '/api/thing/:id', body, replies: { 200: ok(user), 404: ErrorReply } };
  const snap = (route: ApiRoute, v = '1.0.0') => contractSnapshot(v, [route]);
  const released = snap(base);

  it('finds nothing in the same contract', () => {
    expect(findBreakingChanges(released, snap(base))).toEqual([]);
  });

  it('reports a removed route', () => {
    expect(findBreakingChanges(released, contractSnapshot('1.0.0', []))).toEqual([
      'POST /api/thing/:id: route removed',
    ]);
  });

  it('reports a removed reply status', () => {
    expect(findBreakingChanges(released, snap({ ...base, replies: { 200: ok(user) } }))).toEqual([
      'POST /api/thing/:id: reply 404 removed',
    ]);
  });

  it('reports a removed reply field, naming it', () => {
    const changed = snap({ ...base, replies: { ...base.replies, 200: ok(user.omit({ credits: true })) } });
    expect(findBreakingChanges(released, changed)).toEqual([
      'POST /api/thing/:id reply 200.data.credits: reply field removed',
    ]);
  });

  it('reports a reply field that may now be missing', () => {
    const changed = snap({ ...base, replies: { ...base.replies, 200: ok(user.partial({ id: true })) } });
    expect(findBreakingChanges(released, changed)).toEqual([
      'POST /api/thing/:id reply 200.data.id: reply field is no longer always present',
    ]);
  });

  it('reports a type change, in replies and in requests', () => {
    const reply = snap({ ...base, replies: { ...base.replies, 200: ok(user.extend({ credits: z.string() })) } });
    expect(findBreakingChanges(released, reply)).toEqual([
      'POST /api/thing/:id reply 200.data.credits: type changed from integer to string',
    ]);
    const nullable = snap({
      ...base,
      replies: { ...base.replies, 200: ok(user.extend({ id: z.string().nullable() })) },
    });
    expect(findBreakingChanges(released, nullable)).toEqual([
      'POST /api/thing/:id reply 200.data.id: type changed from string to null | string',
    ]);
    const request = snap({ ...base, body: body.extend({ model: z.number().optional() }) });
    expect(findBreakingChanges(released, request)).toEqual([
      'POST /api/thing/:id body.model: type changed from string to number',
    ]);
  });

  it('reports a new required request field, or an optional one made required', () => {
    const added = snap({ ...base, body: body.extend({ seed: z.number() }) });
    expect(findBreakingChanges(released, added)).toEqual(['POST /api/thing/:id body.seed: new required request field']);
    const required = snap({ ...base, body: body.extend({ model: z.string() }) });
    expect(findBreakingChanges(released, required)).toEqual([
      'POST /api/thing/:id body.model: request field became required',
    ]);
    const query = snap({ ...base, query: z.object({ page: z.string() }) });
    expect(findBreakingChanges(released, query)).toEqual([
      'POST /api/thing/:id query.page: new required request field',
    ]);
  });

  it('accepts a new optional request field, a new reply field, a new route and a new status', () => {
    const grown: ApiRoute = {
      ...base,
      body: body.extend({ seed: z.number().optional(), tags: z.array(z.string()).default([]) }),
      replies: { ...base.replies, 200: ok(user.extend({ email: z.string() })), 429: ErrorReply },
    };
    const other: ApiRoute = { method: 'GET', path: '/api/other', replies: { 200: ok(z.string()) } };
    expect(findBreakingChanges(released, contractSnapshot('1.0.0', [grown, other]))).toEqual([]);
  });

  it('looks into arrays and nullable objects', () => {
    const list = z.object({ items: z.array(user), owner: user.nullable() });
    const was = snap({ ...base, replies: { 200: ok(list) } });
    const now = snap({
      ...base,
      replies: {
        200: ok(z.object({ items: z.array(user.omit({ name: true })), owner: user.omit({ id: true }).nullable() })),
      },
    });
    expect(findBreakingChanges(was, now)).toEqual([
      'POST /api/thing/:id reply 200.data.items[].name: reply field removed',
      'POST /api/thing/:id reply 200.data.owner.id: reply field removed',
    ]);
  });

  it('reports a removed event type or event field, and accepts a new one', () => {
    const balance = z.object({ total_credits: z.number().int() });
    const was = contractSnapshot('1.0.0', [base], { balance, ready: z.object({}) });
    expect(findBreakingChanges(was, contractSnapshot('1.0.0', [base], { balance }))).toEqual(['event ready: removed']);
    const changed = contractSnapshot('1.0.0', [base], { balance: z.object({}), ready: z.object({}) });
    expect(findBreakingChanges(was, changed)).toEqual(['event balance.total_credits: reply field removed']);
    const grown = { balance: balance.extend({ currency: z.string() }), ready: z.object({}), paused: z.object({}) };
    expect(findBreakingChanges(was, contractSnapshot('1.0.0', [base], grown))).toEqual([]);
  });

  it('passes breaking changes only past a major version bump', () => {
    const broken = contractSnapshot('1.4.0', []);
    expect(checkContractCompat(released, broken)).toEqual({
      breaks: ['POST /api/thing/:id: route removed'],
      majorBumped: false,
      ok: false,
    });
    const bumped = checkContractCompat(released, contractSnapshot('2.0.0', []));
    expect(bumped.ok).toBe(true);
    expect(bumped.majorBumped).toBe(true);
  });
});
