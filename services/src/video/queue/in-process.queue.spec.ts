import { InProcessQueue } from './in-process.queue';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('InProcessQueue', () => {
  it('runs scheduled tasks once started, one run for repeated requests', async () => {
    const queue = new InProcessQueue();
    const runs: string[] = [];
    await queue.start(async (taskId) => void runs.push(taskId));
    await queue.enqueue('a', 20);
    await queue.enqueue('a', 40);
    await queue.enqueue('b');
    await sleep(80);
    expect(runs.sort()).toEqual(['a', 'b']);
    await queue.stop();
  });

  it('keeps nothing in a process that runs no jobs (ROLE=api without Redis)', async () => {
    const queue = new InProcessQueue();
    for (let i = 0; i < 100; i++) await queue.enqueue(`task-${i}`);
    const runs: string[] = [];
    await queue.start(async (taskId) => void runs.push(taskId));
    await sleep(30);
    expect(runs).toEqual([]);
    await queue.stop();
  });
});
