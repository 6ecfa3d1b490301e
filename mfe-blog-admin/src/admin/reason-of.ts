/** The text of a failure for 'Save failed: ' and friends: the server's message when it sent one. */
export function reasonOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}
