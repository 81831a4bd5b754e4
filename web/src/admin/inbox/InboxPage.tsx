import { Alert, Badge, Segmented, Tabs } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AdminPage, PageHeader } from '../common/PageHeader';
import { useFeedback } from '../common/useFeedback';
import { ContactMessagesTable, DemoRequestsTable } from './InboxTables';
import { RefundModal } from '../payments/RefundModal';
import { PaymentAlertsTable, paymentOfAlert, type PaymentAlert } from './PaymentAlertsTable';
import { MyDataFailuresTable } from './MyDataFailuresTable';
import { DisabledWebhooksAlert } from '../integrations/DisabledWebhooksAlert';
import { useMyDataFailures } from '../mydata/useMyData';
import { useContactMessages, useDemoRequests, useInboxCounts, useMarkHandled, usePaymentAlerts, type HandledFilter } from './useInbox';

/**
 * Contact messages and demo requests from the public site, and payment alerts (gateway payments
 * for invoices already cancelled or deleted, or paid on a locked day), worked off with a handled
 * flag; and the documents AADE refused (myDATA), which leave the list once sent again. Above
 * them, the webhook endpoints the product turned off after failing for three days, when there are any.
 */
export const InboxPage = () => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [filter, setFilter] = useState<HandledFilter>('unhandled');
  const [contactPage, setContactPage] = useState({ page: 1, pageSize: 20 });
  const [demoPage, setDemoPage] = useState({ page: 1, pageSize: 20 });
  const [alertsPage, setAlertsPage] = useState({ page: 1, pageSize: 20 });
  const [refunding, setRefunding] = useState<PaymentAlert | null>(null);
  const contact = useContactMessages({ filter, ...contactPage });
  const demo = useDemoRequests({ filter, ...demoPage });
  const alerts = usePaymentAlerts({ filter, ...alertsPage });
  const counts = useInboxCounts().data;
  const myData = useMyDataFailures();
  // ?tab=mydata (or another tab's key) opens on that tab.
  const [params] = useSearchParams();
  const [tab, setTab] = useState(params.get('tab') ?? 'contact');
  const { markContact, markDemo, markAlert, busy } = useMarkHandled();

  const changeFilter = (value: HandledFilter) => {
    setFilter(value);
    setContactPage((p) => ({ ...p, page: 1 }));
    setDemoPage((p) => ({ ...p, page: 1 }));
    setAlertsPage((p) => ({ ...p, page: 1 }));
  };

  const toggle = async (mark: (id: string, handled: boolean) => Promise<unknown>, row: { id: string; handled: boolean }) => {
    try {
      await mark(row.id, !row.handled);
      feedback.success(t(row.handled ? 'admin.inbox.markedUnhandled' : 'admin.inbox.markedHandled'));
    } catch (err) {
      feedback.logged(err, 'inbox: marking failed');
    }
  };

  return (
    <AdminPage testId="admin-inbox">
      <PageHeader
        title={t('admin.inbox.title')}
        actions={
          // The documents AADE refused are not marked handled: they leave the list once sent again.
          tab !== 'mydata' && (
            <Segmented<HandledFilter>
              value={filter}
              onChange={changeFilter}
              options={[
                { value: 'unhandled', label: t('admin.inbox.unhandled') },
                { value: 'handled', label: t('admin.inbox.handled') },
                { value: 'all', label: t('admin.inbox.all') },
              ]}
            />
          )
        }
      />
      <DisabledWebhooksAlert />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'contact',
            label: (
              <span>
                {t('admin.inbox.contactMessages')} <Badge count={counts?.inboxCounts.unhandledContactMessages ?? 0} />
              </span>
            ),
            children: (
              <ContactMessagesTable
                rows={contact.data?.contactMessages.items ?? []}
                total={contact.data?.contactMessages.total ?? 0}
                state={{ loading: contact.loading && !contact.data, error: contact.error, retry: contact.refetch }}
                {...contactPage}
                onPage={(page, pageSize) => setContactPage({ page, pageSize })}
                onToggle={(row) => void toggle(markContact, row)}
                busy={busy}
              />
            ),
          },
          {
            key: 'demo',
            label: (
              <span>
                {t('admin.inbox.demoRequests')} <Badge count={counts?.inboxCounts.unhandledDemoRequests ?? 0} />
              </span>
            ),
            children: (
              <DemoRequestsTable
                rows={demo.data?.demoRequests.items ?? []}
                total={demo.data?.demoRequests.total ?? 0}
                state={{ loading: demo.loading && !demo.data, error: demo.error, retry: demo.refetch }}
                {...demoPage}
                onPage={(page, pageSize) => setDemoPage({ page, pageSize })}
                onToggle={(row) => void toggle(markDemo, row)}
                busy={busy}
              />
            ),
          },
          {
            key: 'alerts',
            label: (
              <span>
                {t('admin.inbox.alerts.tab')} <Badge count={counts?.unhandledPaymentAlerts.total ?? 0} />
              </span>
            ),
            children: (
              <>
                <Alert type="info" showIcon title={t('admin.inbox.alerts.explanation')} className="admin-toolbar" data-testid="payment-alerts-explanation" />
                <PaymentAlertsTable
                  rows={alerts.data?.paymentAlerts.items ?? []}
                  total={alerts.data?.paymentAlerts.total ?? 0}
                  state={{ loading: alerts.loading && !alerts.data, error: alerts.error, retry: alerts.refetch }}
                  {...alertsPage}
                  onPage={(page, pageSize) => setAlertsPage({ page, pageSize })}
                  onToggle={(row) => void toggle(markAlert, row)}
                  onRefund={setRefunding}
                  busy={busy}
                />
              </>
            ),
          },
          {
            key: 'mydata',
            label: (
              <span>
                {t('admin.mydata.inbox.tab')} <Badge count={myData.failures.length} />
              </span>
            ),
            children: (
              <>
                <Alert type="info" showIcon title={t('admin.mydata.inbox.explanation')} className="admin-toolbar" />
                <MyDataFailuresTable rows={myData.failures} state={{ loading: myData.loading, error: myData.error, retry: myData.refetch }} />
              </>
            ),
          },
        ]}
      />
      <RefundModal target={refunding ? { payment: paymentOfAlert(refunding), invoiceNumber: refunding.invoiceNumber } : null} onClose={() => setRefunding(null)} />
    </AdminPage>
  );
};
