/** How failed logins for one (username, address) pair are spaced out: free tries, then doubling waits. */
export interface LoginDelayPolicy {
  /** Failures answered without any wait. */
  freeFailures: number;
  /** The wait after the first failure past the free ones; each further failure doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/** How long after the latest of `failures` failed logins the pair may try again (0: at once). */
export const loginDelayMs = (failures: number, policy: LoginDelayPolicy): number => {
  if (failures < policy.freeFailures) return 0;
  const doublings = Math.min(failures - policy.freeFailures, 40);
  return Math.min(policy.baseDelayMs * 2 ** doublings, policy.maxDelayMs);
};

/** Milliseconds still to wait before the next try, given the latest failure's time. */
export const loginWaitMs = (failures: number, lastFailureAt: Date, now: Date, policy: LoginDelayPolicy): number =>
  Math.max(0, lastFailureAt.getTime() + loginDelayMs(failures, policy) - now.getTime());
