import type { ReactNode } from 'react';

/**
 * A horizontally scrolling, keyboard-focusable box for wide tables on narrow screens (antd's own
 * scroll container cannot take focus, so keyboard users could not scroll it).
 */
export const ScrollRegion = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="scroll-region" role="region" aria-label={label} tabIndex={0}>
    {children}
  </div>
);
