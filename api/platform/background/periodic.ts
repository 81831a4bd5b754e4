/**
 * Runs `run` now and then every `intervalMs` in background processes, without keeping the process
 * alive; `stop` ends it. The run reports its own failures.
 */
export const startPeriodic = (run: () => void, intervalMs: number): { stop: () => void } => {
  const first = setTimeout(run, 0);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
};
