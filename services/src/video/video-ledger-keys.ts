/**
 * The ledger's idempotency keys of a task: its credits are taken once and given back at most once,
 * whoever does it (the API, the worker, an admin).
 */
export const videoDebitKey = (taskId: string): string => `video:${taskId}:debit`;
export const videoRefundKey = (taskId: string): string => `video:${taskId}:refund`;
