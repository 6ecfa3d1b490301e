/** Query keys of the video feature; a finished generation invalidates `videoKeys.histories()`. */
export const videoKeys = {
  all: ['video'] as const,
  histories: () => [...videoKeys.all, 'history'] as const,
  history: (userId: string, page: number) => [...videoKeys.histories(), userId, page] as const,
  recent: (userId: string) => [...videoKeys.all, 'recent', userId] as const,
  options: () => [...videoKeys.all, 'options'] as const,
};
