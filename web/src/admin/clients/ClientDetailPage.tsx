import { Alert, Button, Card } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { loadFailureOf, LoadError, LoadingSkeleton } from '../../common/DataState';
import { localToday } from '../../common/format';
import { useScreenLanguage } from '../../common/useAmount';
import { reconcileCheckout } from '../../payments/checkout';
import { usePaymentReturn } from '../../payments/usePaymentReturn';
import { ResponsiveTable } from '../../common/ResponsiveTable';
import { AdminPage, PageHeader } from '../common/PageHeader';
import { invoiceCard, invoiceColumns } from '../invoices/invoiceColumns';
import { InvoiceRowActions } from '../invoices/InvoiceRowActions';
import type { InvoiceView } from '../invoices/invoiceTypes';
import { subscriptionCard, subscriptionColumns } from '../subscriptions/subscriptionColumns';
import type { SubscriptionView } from '../subscriptions/subscriptionTypes';
import { ClientCard } from './ClientCard';
import { ViesBlock } from './ViesBlock';
import { ApplyCreditModal } from './ApplyCreditModal';
import { CreatedUserModal, CreateUserButton, ResetPasswordButton, type CreatedUser } from './CreateUserButton';
import { useClientDetail } from './useClients';
import { CreditNoteModal } from '../creditNotes/CreditNoteModal';
import { WriteOffModal } from '../invoices/WriteOffModal';
import { RecordPaymentModal } from '../invoices/RecordPaymentModal';
import { CreditNotesTable } from '../creditNotes/CreditNotesTable';
import { StatementButton } from '../../shared/StatementButton';
import { PaymentsDrawer } from '../payments/PaymentsDrawer';

const isNotFound = (error: unknown) => loadFailureOf(error) === 'notFound';

/** One client: card, subscriptions, invoices newest first, and the checkout return banner. */
export const ClientDetailPage = () => {
  const { t } = useTranslation();
  const { clientId = '' } = useParams();
  const { client, loading, error, refetch } = useClientDetail(clientId);
  const payment = usePaymentReturn();
  const [createdUser, setCreatedUser] = useState<CreatedUser | null>(null);
  const [crediting, setCrediting] = useState<InvoiceView | null>(null);
  const [paying, setPaying] = useState<InvoiceView | null>(null);
  const [writingOff, setWritingOff] = useState<InvoiceView | null>(null);
  const [payments, setPayments] = useState<InvoiceView | null>(null);
  const [applyingCredit, setApplyingCredit] = useState(false);
  const today = localToday();
  const list = { withClient: false, language: useScreenLanguage() };
  const sessionId = payment.status === 'success' ? payment.sessionId : null;

  // Back from checkout: confirm the session with the provider so the invoice shows paid at once.
  useEffect(() => {
    if (!sessionId) return;
    void reconcileCheckout(sessionId, 'include').then((paid) => {
      if (paid) void refetch();
    });
  }, [sessionId, refetch]);

  const banner =
    payment.status === 'success' ? (
      <Alert type="success" showIcon title={t('admin.clients.paymentSuccess')} className="admin-toolbar" />
    ) : payment.status === 'cancelled' ? (
      <Alert type="warning" showIcon title={t('admin.clients.paymentCancelled')} className="admin-toolbar" />
    ) : null;

  const invoiceActions = (i: InvoiceView) => (
    <InvoiceRowActions invoice={i} sendWording="clientPage" returnTo={`/admin/clients/${clientId}`} onCredit={setCrediting} onRecordPayment={setPaying} onPayments={setPayments} onWriteOff={setWritingOff} />
  );

  let body: React.ReactNode;
  if (loading && !client) body = <LoadingSkeleton rows={8} />;
  else if (error && !client && !isNotFound(error)) body = <LoadError error={error} retry={refetch} />;
  else if (!client) body = <Alert type="warning" showIcon title={t('admin.clients.noData')} />;
  else
    body = (
      <>
        <ClientCard
          client={client}
          extra={
            client.user ? (
              <ResetPasswordButton clientId={client.id} clientName={client.name} onReset={setCreatedUser} />
            ) : (
              <CreateUserButton clientId={client.id} clientName={client.name} onCreated={setCreatedUser} />
            )
          }
        >
          <ViesBlock clientId={client.id} vatNumber={client.vatNumber} />
        </ClientCard>
        <Card title={t('admin.clients.subscriptions')} className="admin-section">
          <ResponsiveTable<SubscriptionView>
            region
            label={t('admin.clients.subscriptions')}
            rowKey="id"
            size="small"
            dataSource={client.subscriptions}
            pagination={false}
            locale={{ emptyText: t('admin.clients.noSubscriptions') }}
            columns={subscriptionColumns(t, today, { withClient: false })}
            card={(s) => subscriptionCard(t, today, { withClient: false }, undefined, s)}
            testId="client-subscriptions"
          />
        </Card>
        <Card title={t('admin.clients.invoices')} className="admin-section">
          <ResponsiveTable<InvoiceView>
            region
            label={t('admin.clients.invoices')}
            rowKey="id"
            size="small"
            dataSource={client.invoices as InvoiceView[]}
            pagination={client.invoices.length > 20 ? { pageSize: 20 } : false}
            locale={{ emptyText: t('admin.clients.noInvoices') }}
            testId="client-invoices"
            card={(i) => invoiceCard(t, today, list, invoiceActions(i), i)}
            columns={[...invoiceColumns(t, today, list), { key: 'actions', title: t('admin.fields.actions'), render: (_, i) => invoiceActions(i) }]}
          />
        </Card>
        <Card title={t('admin.creditNotes.title')} className="admin-section" data-testid="client-credit-notes">
          <CreditNotesTable clientId={client.id} />
        </Card>
      </>
    );

  return (
    <AdminPage testId="admin-client-detail">
      <PageHeader
        title={client?.name ?? t('admin.clients.detailTitle')}
        actions={
          <>
            {client && client.creditBalance > 0 && (
              <Button onClick={() => setApplyingCredit(true)} data-testid="apply-credit">
                {t('admin.clients.applyCredit.button')}
              </Button>
            )}
            {client && <StatementButton path={`/api/clients/${client.id}/statement/`} modalClassName="admin-modal" />}
            <Link to="/admin/clients">
              <Button>{t('admin.clients.backToList')}</Button>
            </Link>
          </>
        }
      />
      {banner}
      {body}
      <CreatedUserModal user={createdUser} onClose={() => setCreatedUser(null)} />
      <CreditNoteModal invoice={crediting} onClose={() => setCrediting(null)} />
      <WriteOffModal invoice={writingOff} onClose={() => setWritingOff(null)} />
      <RecordPaymentModal invoice={paying} onClose={() => setPaying(null)} />
      <PaymentsDrawer invoice={payments} onClose={() => setPayments(null)} />
      {client && <ApplyCreditModal client={{ ...client, invoices: client.invoices as InvoiceView[] }} open={applyingCredit} onClose={() => setApplyingCredit(false)} />}
    </AdminPage>
  );
};
