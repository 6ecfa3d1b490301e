// How many remote pages are loading now. Its own module: the layout's progress bar reads it on every
// page, while the loader itself comes with the first remote route (app.tsx loads it lazily).
let pending = 0;
const pendingListeners = new Set<() => void>();

export function setPending(delta: number): void {
  pending += delta;
  for (const listener of pendingListeners) listener();
}

/** How many remote pages are loading now (the layout shows a progress bar meanwhile). */
export const remoteLoading = {
  count: (): number => pending,
  subscribe(listener: () => void): () => void {
    pendingListeners.add(listener);
    return () => pendingListeners.delete(listener);
  },
};
