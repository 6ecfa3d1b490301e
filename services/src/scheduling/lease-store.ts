/** Named leases held by one process at a time, taken over once they expire. */
export interface LeaseStore {
  /** Takes the lease, or renews it when `holder` already has it; false while another holder's lease runs. */
  acquire(name: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up if `holder` has it, so another process may take it at once. */
  release(name: string, holder: string): Promise<void>;
  close(): Promise<void>;
}

export const LEASE_STORE = Symbol('LEASE_STORE');
