/**
 * What another module keeps of a user outside the tables the deletion empties itself (a data
 * export's archives, say): called once the account's rows are gone. It must be safe to call again
 * and must not throw for a user it has nothing of.
 */
export interface AccountEraser {
  forgetUser(userId: string): Promise<void>;
}

/** The AccountEraser list AccountDeletionService calls after the database part (see its module). */
export const ACCOUNT_ERASERS = Symbol('ACCOUNT_ERASERS');
