/**
 * How long the primary waits before replacing a web process that exited: at once after a process
 * that ran a while (a crash now and then), doubling from 1 s up to 30 s while replacements keep dying
 * soon after they start (a bad deploy, a database that refuses them), so a crash loop does not spin.
 */
export const RESTART_MIN_MS = 1_000;
export const RESTART_MAX_MS = 30_000;
/** A process that lived this long was healthy: the next restart is immediate again. */
export const RESTART_HEALTHY_MS = 30_000;

export const nextRestartDelay = (previousDelayMs: number, livedMs: number): number => {
  if (livedMs >= RESTART_HEALTHY_MS) return 0;
  return Math.min(RESTART_MAX_MS, Math.max(RESTART_MIN_MS, previousDelayMs * 2));
};
