import { InProcessNotificationQueue } from './in-process-notification.queue';
import type { NotificationJob } from './notification-queue';
import type { FinishedVideo } from './finished-video';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const video: FinishedVideo = {
  taskId: 't1',
  userId: 'u1',
  status: 'completed',
  prompt: 'a fox',
  credits: 40,
  posterKey: null,
  posterUrl: null,
};
const job: NotificationJob = { name: 'video-finished', data: video };

describe('InProcessNotificationQueue', () => {
  it('retries a failing job with a growing wait, then gives up and says so once', async () => {
    const givenUp: unknown[] = [];
    const queue = new InProcessNotificationQueue({ attempts: 3, firstDelayMs: 10 }, (_job, error) =>
      givenUp.push(error),
    );
    const tries: number[] = [];
    await queue.start(async () => {
      tries.push(Date.now());
      throw new Error('smtp down');
    });
    await queue.add(job);
    for (let waited = 0; !givenUp.length && waited < 5_000; waited += 10) await sleep(10);
    expect(tries).toHaveLength(3);
    // Timers never fire early: the waits are at least 10 ms, then 20 ms (1 ms for the clock's rounding).
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(9);
    expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(19);
    expect(givenUp).toEqual([new Error('smtp down')]);
    await queue.stop();
  });

  it('runs a job added again once, and jobs added before start once it starts', async () => {
    const queue = new InProcessNotificationQueue({ attempts: 1, firstDelayMs: 10 }, () => undefined);
    const runs: string[] = [];
    await queue.add(job);
    await queue.add(job);
    await queue.add({ name: 'ready-email', data: { video, firstVideo: true } });
    expect(runs).toEqual([]);
    await queue.start(async (j) => void runs.push(j.name));
    await sleep(20);
    expect(runs).toEqual(['video-finished', 'ready-email']);
    await queue.stop();
  });
});
