import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetchResult, isPrivateAddress, saveVideo } from '../../src/video/providers/provider-download';
import {
  fakeVideoBytes,
  providerRejection,
  sendVideo,
  startFakeServer,
  TEST_DOWNLOAD_POLICY,
  type FakeServer,
} from './fake-http';

describe('provider result downloads', () => {
  let files: FakeServer;
  let dir: string;
  const video = fakeVideoBytes(64 * 1024);

  beforeAll(async () => {
    files = await startFakeServer((request, res) => {
      if (request.url === '/chunked') {
        res.writeHead(200, { 'Content-Type': 'video/mp4' });
        for (let i = 0; i < 40; i++) res.write(Buffer.alloc(64 * 1024, 1));
        return void res.end();
      }
      sendVideo(res, video);
    });
    dir = await mkdtemp(join(tmpdir(), 'provider-download-'));
  });
  afterAll(async () => {
    await files.close();
    await rm(dir, { recursive: true, force: true });
  });

  const download = async (path: string, policy = TEST_DOWNLOAD_POLICY) => {
    const destination = join(dir, 'video.mp4');
    const response = await fetchResult('test', `${files.baseUrl}${path}`, policy, () => ({}));
    await saveVideo('test', response, destination, policy.maxBytes);
    return destination;
  };

  it.each(['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0'])(
    'counts %s as private',
    (address) => expect(isPrivateAddress(address)).toBe(true),
  );
  it.each(['::1', '::', 'fe80::1', 'fd12:3456::1', '::ffff:127.0.0.1', '::ffff:a9fe:a9fe', 'ff02::1'])(
    'counts %s as private',
    (address) => expect(isPrivateAddress(address)).toBe(true),
  );
  it.each(['8.8.8.8', '142.250.74.14', '2001:4860:4860::8888'])('counts %s as public', (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );

  it('follows a redirect on the same host and saves the checked MP4', async () => {
    files.failNext({ status: 302, headers: { Location: '/stored/video.mp4' } }, /^\/start$/);
    expect((await stat(await download('/start'))).size).toBe(video.length);
  });

  it('refuses a redirect to another host that is not a storage host, without asking it', async () => {
    files.failNext({ status: 307, headers: { Location: `http://localhost:${new URL(files.baseUrl).port}/x` } });
    const error = await providerRejection(download('/start'));
    expect(error).toMatchObject({ retryable: false, failure: 'download_failed' });
    expect(error.message).toMatch(/not a provider storage host/);
    expect(files.requests.at(-1)?.url).toBe('/start');
  });

  it('refuses a storage host that resolves to a private address', async () => {
    files.failNext({ status: 302, headers: { Location: `http://localhost:${new URL(files.baseUrl).port}/x` } });
    const policy = { ...TEST_DOWNLOAD_POLICY, storageHosts: ['localhost'] };
    expect((await providerRejection(download('/start', policy))).message).toMatch(/localhost is a private address/);
  });

  it('refuses a private address that is not a configured provider host', async () => {
    const policy = { ...TEST_DOWNLOAD_POLICY, trustedHosts: [] };
    expect((await providerRejection(download('/video.mp4', policy))).message).toMatch(/private address/);
  });

  it('stops after 5 redirects', async () => {
    for (let i = 0; i < 6; i++) files.failNext({ status: 302, headers: { Location: '/again' } });
    expect((await providerRejection(download('/again'))).message).toMatch(/more than 5 times/);
  });

  it('refuses a body over the limit, by its Content-Length or by counting', async () => {
    const small = { ...TEST_DOWNLOAD_POLICY, maxBytes: 32 * 1024 };
    expect((await providerRejection(download('/video.mp4', small))).message).toMatch(/65[0-9]{3} bytes, more than/);
    expect((await providerRejection(download('/chunked', small))).message).toMatch(/more than the 32768 bytes/);
  });

  it('refuses bytes that are not an MP4 video', async () => {
    files.failNext({ status: 200, body: 'hello' });
    expect(await providerRejection(download('/x'))).toMatchObject({ retryable: false, failure: 'download_failed' });
    // An ftyp box in front is not enough.
    files.failNext({ status: 200, body: '\0\0\0\x18ftypmp42 and then nothing of a video' });
    expect((await providerRejection(download('/x'))).message).toMatch(/not a playable MP4 video/);
  });
});
