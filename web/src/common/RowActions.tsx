import { LoadingOutlined, MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tooltip, type MenuProps } from 'antd';
import { cloneElement, isValidElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One thing a row (or card) of a list lets the user do. */
export interface RowAction {
  key: string;
  label: string;
  icon?: ReactNode;
  onClick?: () => void;
  /** A link instead of a command (document downloads). */
  href?: string;
  download?: boolean;
  target?: string;
  danger?: boolean;
  loading?: boolean;
  disabled?: boolean;
  /** The filled primary button (Pay Now). */
  primary?: boolean;
  /** Shown as a button beside "More"; every other action is an item of "More". */
  inline?: boolean;
  /** An item of "More" set apart from those above it by a divider (a destructive Delete, last). */
  apart?: boolean;
  /** An inline button shows only its icon; the label becomes its tooltip and accessible name. */
  iconOnly?: boolean;
  /** Accessible name when the label alone is ambiguous ("Download invoice 2026-000001 as PDF"). */
  ariaLabel?: string;
  testId?: string;
  /**
   * Not an action: a short text at the foot of "More" saying why some action is not there (an
   * invoice in another currency has no card payment or write-off yet). Read, never clicked.
   */
  note?: boolean;
}

// The label names the action; an icon's own aria-label ("mail") would only prefix it.
const quiet = (icon: ReactNode) => (isValidElement<{ 'aria-hidden'?: boolean }>(icon) ? cloneElement(icon, { 'aria-hidden': true }) : icon);

const InlineAction = ({ action }: { action: RowAction }) => {
  const button = (
    <Button
      size="small"
      type={action.primary ? 'primary' : 'default'}
      danger={action.danger}
      icon={quiet(action.icon)}
      loading={action.loading}
      disabled={action.disabled}
      onClick={action.onClick}
      href={action.href}
      download={action.download}
      target={action.target}
      rel={action.target ? 'noopener' : undefined}
      aria-label={action.iconOnly ? (action.ariaLabel ?? action.label) : action.ariaLabel}
      data-testid={action.testId}
    >
      {action.iconOnly ? null : action.label}
    </Button>
  );
  return action.iconOnly ? <Tooltip title={action.label}>{button}</Tooltip> : button;
};

/**
 * A row's actions that never widen its table: the inline ones as small buttons, the rest in a
 * "More" menu. The same list serves the table's action column and a card on a phone.
 */
export const RowActions = ({ actions }: { actions: RowAction[] }) => {
  const { t } = useTranslation();
  const inline = actions.filter((a) => a.inline);
  const more = actions.filter((a) => !a.inline);
  const items: MenuProps['items'] = more.flatMap((a, i) => [
    ...((a.apart || a.note) && i > 0 ? [{ type: 'divider' as const, key: `${a.key}-divider` }] : []),
    a.note
      ? { key: a.key, icon: quiet(a.icon), disabled: true, className: 'row-actions-note', 'data-testid': a.testId, label: a.label }
      : {
          key: a.key,
          icon: a.loading ? <LoadingOutlined aria-hidden /> : quiet(a.icon),
          danger: a.danger,
          disabled: a.disabled || a.loading,
          'data-testid': a.testId,
          label: a.href ? (
            <a href={a.href} download={a.download} target={a.target} rel={a.target ? 'noopener' : undefined} aria-label={a.ariaLabel}>
              {a.label}
            </a>
          ) : (
            a.label
          ),
        },
  ]);
  const onMenuClick: MenuProps['onClick'] = ({ key }) => more.find((a) => a.key === key)?.onClick?.();
  return (
    // A click on an action (or in the menu, which React bubbles through its portal) must not reach the row's own click.
    <div className="row-actions" onClick={(e) => e.stopPropagation()}>
      {inline.map((a) => (
        <InlineAction key={a.key} action={a} />
      ))}
      {more.length > 0 && (
        <Dropdown menu={{ items, onClick: onMenuClick }} trigger={['click']} placement="bottomRight">
          <Button size="small" icon={<MoreOutlined aria-hidden />} data-testid="row-more">
            {t('buttons.more')}
          </Button>
        </Dropdown>
      )}
    </div>
  );
};
