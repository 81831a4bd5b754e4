import type { ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'default';

/** A link that looks like a button (the public pages use no UI-library buttons, to stay light); a full page load. */
export const ButtonLink = ({ to, variant = 'default', size, block, className, children }: { to: string; variant?: ButtonVariant; size?: 'large'; block?: boolean; className?: string; children: ReactNode }) => (
  <a href={to} className={['btn', `btn-${variant}`, size === 'large' && 'btn-lg', block && 'btn-block', className].filter(Boolean).join(' ')}>
    {children}
  </a>
);
