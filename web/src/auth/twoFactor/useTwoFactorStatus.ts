import { useCallback, useEffect, useState } from 'react';
import type { TwoFactorStatusAnswer } from '../../../../api/platform/contracts/rest.contract';
import { twoFactorApi } from './twoFactorApi';

/** The signed-in user's two-factor status while `active` (the dialog is open); `reload` after a change. */
export const useTwoFactorStatus = (active: boolean) => {
  const [status, setStatus] = useState<TwoFactorStatusAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!active) return undefined;
    const controller = new AbortController();
    setFailed(false);
    twoFactorApi
      .status(controller.signal)
      .then(setStatus)
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [active, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { status, failed, reload };
};
