import { Empty, Pagination, Spin, Table, type TableProps } from 'antd';
import { useState, type Key, type ReactNode } from 'react';
import { tableState, type LoadState } from './DataState';
import { ScrollRegion } from './ScrollRegion';
import { useIsPhone } from './useIsPhone';
import './responsiveList.css';

/** What a row shows as a card on a phone: who or what it is, its money, its state and its main action. */
export interface ListCard {
  /** The identifier (invoice number, client or product name). */
  title: ReactNode;
  /** A second line under the title (the client of an invoice). */
  subtitle?: ReactNode;
  amount?: ReactNode;
  /** What the amount is, above it, when the list's columns name it ("Owed"). */
  amountLabel?: ReactNode;
  /** Status badges. */
  status?: ReactNode;
  /** Dates and other short facts, label above value, two to a line. */
  fields?: { key: string; label: string; value: ReactNode }[];
  /** Anything longer (a journal entry's lines). */
  details?: ReactNode;
  /** Usually a RowActions: the main action as a button, the rest under "More". */
  actions?: ReactNode;
}

export type ResponsiveTableProps<T> = Omit<TableProps<T>, 'rowKey'> & {
  rowKey: keyof T & string;
  card: (row: T) => ListCard;
  /** The list's accessible name (its scroll region from md up, its card list on a phone). */
  label: string;
  /** Wraps the table in a keyboard-focusable scroll region (tables inside cards, where antd's own scroll is not used). */
  region?: boolean;
  testId?: string;
  /**
   * The list's load state: with no rows, a skeleton while loading, the failure with Retry, and the
   * empty text (`locale.emptyText`) only once the answer was empty. Without it, `loading` and the
   * empty text are the table's own.
   */
  state?: LoadState;
  /** The screen already states the failure above the list (one Retry per screen): the list only says it was not loaded. */
  errorShown?: boolean;
  /** On a phone, a last card under the rows (a report's totals, which the table shows as its summary). */
  totalCard?: ListCard;
};

/**
 * One card: the identifier and the amount on the first line, the amount pinned at its right and
 * never shrunk (the identifier wraps, a subtitle ellipsises), then status, fields and actions.
 */
const CardItem = ({ card: c, rowKey, className = 'list-card' }: { card: ListCard; rowKey: string; className?: string }) => (
  <li className={className} data-row-key={rowKey}>
    <div className="list-card-head">
      <div className="list-card-name">
        <span className="list-card-title">{c.title}</span>
        {c.subtitle && <span className="list-card-subtitle">{c.subtitle}</span>}
      </div>
      {c.amount && (
        <span className="list-card-amount">
          {c.amountLabel && <span className="list-card-amount-label">{c.amountLabel}</span>}
          <span className="money">{c.amount}</span>
        </span>
      )}
    </div>
    {c.status && <div className="list-card-status">{c.status}</div>}
    {c.fields && c.fields.length > 0 && (
      <dl className="list-card-fields">
        {c.fields.map((f) => (
          <div key={f.key}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
    )}
    {c.details}
    {c.actions && <div className="list-card-actions">{c.actions}</div>}
  </li>
);

type PageConfig = { current?: number; pageSize?: number; total?: number; onChange?: (page: number, pageSize: number) => void };

/**
 * One list, two layouts: the table with its spec columns from md (768 px) up, a stack of cards
 * below it, so a phone never scrolls sideways to reach an amount, a status or the main action.
 * Pages, loading and the empty text follow the table's own props.
 */
export const ResponsiveTable = <T extends object>({ card, label, region, testId, state, errorShown, totalCard, ...given }: ResponsiveTableProps<T>) => {
  const phone = useIsPhone();
  const givenEmpty = given.locale?.emptyText;
  const loadState = state && tableState(state, given.dataSource, typeof givenEmpty === 'function' ? givenEmpty() : givenEmpty, { errorShown });
  const table: TableProps<T> = loadState ? { ...given, loading: loadState.loading, locale: { ...given.locale, ...loadState.locale } } : given;
  const [localPage, setLocalPage] = useState(1);
  if (!phone) {
    const body = <Table<T> {...table} data-testid={testId} />;
    return region ? <ScrollRegion label={label}>{body}</ScrollRegion> : body;
  }

  const rows = (table.dataSource ?? []) as T[];
  const paging: PageConfig | null = table.pagination ? (table.pagination as PageConfig) : null;
  const pageSize = paging?.pageSize ?? 10;
  const current = paging?.current ?? localPage;
  // With a total the server already sent one page; without one the table would slice the rows itself.
  const serverPaged = paging?.total !== undefined;
  const shown = paging && !serverPaged ? rows.slice((current - 1) * pageSize, current * pageSize) : rows;
  const total = paging?.total ?? rows.length;
  const loading = typeof table.loading === 'object' ? !!table.loading.spinning : !!table.loading;
  const emptyText = table.locale?.emptyText;

  return (
    <Spin spinning={loading}>
      {shown.length === 0 && state && (state.loading || state.error) ? (
        // The skeleton or the failure, not inside an Empty picture.
        <div className="list-cards-empty">{typeof emptyText === 'function' ? emptyText() : emptyText}</div>
      ) : shown.length === 0 ? (
        <Empty className="list-cards-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={typeof emptyText === 'function' ? emptyText() : emptyText} />
      ) : (
        <ul className="list-cards" aria-label={label} data-testid={testId}>
          {shown.map((row) => {
            const key = String(row[table.rowKey as keyof T] as Key);
            return <CardItem key={key} rowKey={key} card={card(row)} />;
          })}
          {/* Not a list-card: tests and readers counting the rows' cards do not count the totals. */}
          {totalCard && <CardItem rowKey="total" card={totalCard} className="list-card-total" />}
        </ul>
      )}
      {paging && total > pageSize && (
        <Pagination
          className="list-cards-pagination"
          simple
          current={current}
          pageSize={pageSize}
          total={total}
          onChange={(p, s) => (paging.onChange ? paging.onChange(p, s) : setLocalPage(p))}
        />
      )}
    </Spin>
  );
};
