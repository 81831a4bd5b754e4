import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface MenuButtonProps {
  label: ReactNode;
  /** Accessible name when the visible label is not enough (e.g. an icon and a language name). */
  ariaLabel?: string;
  className?: string;
  testId?: string;
  /** Receives `close` so items can close the menu after acting. */
  children: (close: () => void) => ReactNode;
}

/**
 * A dropdown without a UI library: a button that discloses a list. It closes on Escape (focus goes
 * back to the button), on a click outside and when focus leaves it; arrow keys move between items.
 */
export const MenuButton = ({ label, ariaLabel, className, testId, children }: MenuButtonProps) => {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const items = () => Array.from(root.current?.querySelectorAll<HTMLElement>('.menu-list a, .menu-list button') ?? []);
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      requestAnimationFrame(() => {
        const list = items();
        const at = list.indexOf(document.activeElement as HTMLElement);
        const next = e.key === 'ArrowDown' ? (at + 1) % list.length : (at - 1 + list.length) % list.length;
        list[at === -1 ? 0 : next]?.focus();
      });
    }
  };

  return (
    <div
      ref={root}
      className={`menu-button${open ? ' is-open' : ''}${className ? ` ${className}` : ''}`}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button ref={button} type="button" className="btn btn-text" aria-expanded={open} aria-controls={id} aria-label={ariaLabel} data-testid={testId} onClick={() => setOpen((v) => !v)}>
        {label}
      </button>
      <ul id={id} className="menu-list" hidden={!open}>
        {children(close)}
      </ul>
    </div>
  );
};
