import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export type ButtonVariant = 'primary' | 'default';

/** A link that looks like a button (the public pages use no UI-library buttons, to stay light). */
export const ButtonLink = ({ to, variant = 'default', size, block, className, children }: { to: string; variant?: ButtonVariant; size?: 'large'; block?: boolean; className?: string; children: ReactNode }) => (
  <Link to={to} className={['btn', `btn-${variant}`, size === 'large' && 'btn-lg', block && 'btn-block', className].filter(Boolean).join(' ')}>
    {children}
  </Link>
);
