import { Grid } from 'antd';

/** Below antd's md breakpoint (the theme's screenMD, 768 px): lists are shown as cards. */
const PHONE_QUERY = '(max-width: 767.98px)';

const matchesPhone = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

/**
 * True on a phone. antd's observer answers only after the first render, so that render asks
 * matchMedia itself: a list never mounts its table only to swap it for cards.
 */
export const useIsPhone = (): boolean => {
  const screens = Grid.useBreakpoint();
  return screens.md === undefined ? matchesPhone() : !screens.md;
};
