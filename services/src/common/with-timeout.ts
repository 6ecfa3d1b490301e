/** `work`, or a rejection once `ms` have passed (the work itself goes on; its result is ignored). */
export async function withTimeout<T>(work: Promise<T>, ms: number, label = 'timed out'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(label)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
