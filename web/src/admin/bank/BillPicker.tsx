import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuros } from '../../common/format';
import { statementApi, type OpenBill } from './statementApi';

interface Props {
  accountId: string;
  id: string;
  value: string | undefined;
  /** Bills other parts of the line pay already: not offered again. */
  taken: readonly string[];
  onChoose: (bill: OpenBill) => void;
}

/**
 * A supplier's open bill for a part of money out: the server's search by their number, the
 * supplier's name or the open amount, a page at a time (the books may hold many), each shown with
 * its supplier and what is open.
 */
export const BillPicker = ({ accountId, id, value, taken, onChoose }: Props) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<OpenBill[]>([]);
  const [chosen, setChosen] = useState<OpenBill | null>(null);

  // The open bills matching what is typed, a moment after the typing stops.
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      statementApi.openBills(accountId, search).then(
        (page) => live && setFound(page),
        (err: unknown) => console.warn('Open bills failed to load', err),
      );
    }, search ? 250 : 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [accountId, search]);

  const options = useMemo(() => {
    const bills = [...new Map([...found, ...(chosen ? [chosen] : [])].map((b) => [b.id, b])).values()];
    return bills
      .filter((b) => b.id === value || !taken.includes(b.id))
      .map((b) => ({ value: b.id, bill: b, label: `${b.invoice_number} · ${b.supplier.name} · ${t('bank.reconcile.openAmount', { amount: formatEuros(b.open_amount) })}` }));
  }, [found, chosen, value, taken, t]);

  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value}
      placeholder={t('bank.reconcile.billPlaceholder')}
      notFoundContent={t('bank.reconcile.noBills')}
      options={options}
      optionRender={(o) => <span className="bank-movement-option">{o.data.label}</span>}
      onChange={(_: string, option) => {
        const bill = (Array.isArray(option) ? option[0] : option)?.bill;
        if (!bill) return;
        setChosen(bill);
        onChoose(bill);
      }}
      popupMatchSelectWidth
    />
  );
};
