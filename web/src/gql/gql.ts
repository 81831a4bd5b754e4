/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment BalanceSheetFields on BalanceSheet {\n    asOf\n    assets {\n      accountId\n      account\n      balance\n    }\n    liabilities {\n      accountId\n      account\n      balance\n    }\n    equity {\n      accountId\n      account\n      balance\n    }\n    totalAssets\n    totalLiabilities\n    totalEquity\n    totalLiabilitiesAndEquity\n  }\n": typeof types.BalanceSheetFieldsFragmentDoc,
    "\n  fragment IncomeStatementFields on IncomeStatement {\n    from\n    to\n    revenues {\n      accountId\n      account\n      balance\n    }\n    expenses {\n      accountId\n      account\n      balance\n    }\n    totalRevenue\n    totalExpenses\n    netIncome\n  }\n": typeof types.IncomeStatementFieldsFragmentDoc,
    "\n  mutation CorrectJournalEntry($id: ID!, $input: JournalEntryInput!, $expectedVersion: Int) {\n    correctJournalEntry(id: $id, input: $input, expectedVersion: $expectedVersion) {\n      id\n      version\n    }\n  }\n": typeof types.CorrectJournalEntryDocument,
    "\n  mutation CorrectSingleLineJournalEntry($id: ID!, $input: SingleLineJournalEntryInput!, $expectedVersion: Int) {\n    correctSingleLineJournalEntry(id: $id, input: $input, expectedVersion: $expectedVersion) {\n      id\n      version\n    }\n  }\n": typeof types.CorrectSingleLineJournalEntryDocument,
    "\n  mutation CreateAccount($input: CreateAccountInput!) {\n    createAccount(input: $input) {\n      id\n    }\n  }\n": typeof types.CreateAccountDocument,
    "\n  mutation DeleteAccount($id: ID!) {\n    deleteAccount(id: $id)\n  }\n": typeof types.DeleteAccountDocument,
    "\n  mutation DeleteJournalEntry($id: ID!, $expectedVersion: Int) {\n    deleteJournalEntry(id: $id, expectedVersion: $expectedVersion)\n  }\n": typeof types.DeleteJournalEntryDocument,
    "\n  mutation RecordJournalEntry($input: JournalEntryInput!) {\n    recordJournalEntry(input: $input) {\n      id\n      version\n    }\n  }\n": typeof types.RecordJournalEntryDocument,
    "\n  mutation RecordSingleLineJournalEntry($input: SingleLineJournalEntryInput!) {\n    recordSingleLineJournalEntry(input: $input) {\n      id\n      version\n    }\n  }\n": typeof types.RecordSingleLineJournalEntryDocument,
    "\n  mutation RenameAccount($id: ID!, $accountName: String!) {\n    renameAccount(id: $id, accountName: $accountName) {\n      id\n      accountName\n    }\n  }\n": typeof types.RenameAccountDocument,
    "\n  mutation SetAccountActive($id: ID!, $active: Boolean!) {\n    setAccountActive(id: $id, active: $active) {\n      id\n      isActive\n    }\n  }\n": typeof types.SetAccountActiveDocument,
    "\n  query AccountLedger($accountId: ID!, $from: String, $to: String, $page: PageInput) {\n    accountLedger(accountId: $accountId, from: $from, to: $to, page: $page) {\n      accountId\n      account\n      from\n      to\n      openingBalance\n      closingBalance\n      total\n      lines {\n        entryId\n        date\n        description\n        kind\n        source\n        sourceId\n        invoiceId\n        debit\n        credit\n        balance\n      }\n    }\n  }\n": typeof types.AccountLedgerDocument,
    "\n  query Accounts($includeInactive: Boolean!) {\n    accounts(includeInactive: $includeInactive) {\n      id\n      code\n      accountName\n      type\n      cashFlowClass\n      isActive\n      isSystem\n    }\n  }\n": typeof types.AccountsDocument,
    "\n  query AgedReceivables($asOf: String) {\n    agedReceivables(asOf: $asOf) {\n      asOf\n      total\n      creditBalance\n      net\n      totals {\n        current\n        days1to30\n        days31to60\n        days61to90\n        over90\n      }\n      clients {\n        clientId\n        clientName\n        total\n        creditBalance\n        buckets {\n          current\n          days1to30\n          days31to60\n          days61to90\n          over90\n        }\n      }\n    }\n  }\n": typeof types.AgedReceivablesDocument,
    "\n  query BalanceSheet($asOf: String, $compare: ReportComparison) {\n    balanceSheet(asOf: $asOf, compare: $compare) {\n      ...BalanceSheetFields\n      comparison {\n        ...BalanceSheetFields\n      }\n    }\n  }\n": typeof types.BalanceSheetDocument,
    "\n  query CashFlow($from: String, $to: String) {\n    cashFlow(from: $from, to: $to) {\n      from\n      to\n      netIncome\n      operatingAdjustments {\n        accountId\n        account\n        balance\n      }\n      cashFromOperations\n      investing {\n        accountId\n        account\n        balance\n      }\n      cashFromInvesting\n      financing {\n        accountId\n        account\n        balance\n      }\n      cashFromFinancing\n      netCashFlow\n      openingCash\n      closingCash\n    }\n  }\n": typeof types.CashFlowDocument,
    "\n  query EcSalesList($from: String, $to: String) {\n    ecSalesList(from: $from, to: $to) {\n      from\n      to\n      total\n      rows {\n        country\n        vatNumber\n        services\n      }\n    }\n  }\n": typeof types.EcSalesListDocument,
    "\n  query IncomeStatement($from: String, $to: String, $compare: ReportComparison) {\n    incomeStatement(from: $from, to: $to, compare: $compare) {\n      ...IncomeStatementFields\n      comparison {\n        ...IncomeStatementFields\n      }\n    }\n  }\n": typeof types.IncomeStatementDocument,
    "\n  query IncomeStatementColumns($fiscalYear: Int, $quarterly: Boolean!) {\n    incomeStatementColumns(fiscalYear: $fiscalYear, quarterly: $quarterly) {\n      from\n      to\n      columns {\n        ...IncomeStatementFields\n      }\n    }\n  }\n": typeof types.IncomeStatementColumnsDocument,
    "\n  query JournalEntries($page: PageInput) {\n    journalEntries(page: $page) {\n      total\n      items {\n        id\n        date\n        description\n        source\n        sourceId\n        invoiceId\n        version\n        editable\n        lines {\n          accountId\n          accountName\n          debit\n          credit\n          vatCategory\n          vatRate\n          vatSettlement\n        }\n        singleLine {\n          accountId\n          accountName\n          debit\n          credit\n        }\n      }\n    }\n  }\n": typeof types.JournalEntriesDocument,
    "\n  query TrialBalance($asOf: String) {\n    trialBalance(asOf: $asOf) {\n      asOf\n      rows {\n        accountId\n        code\n        account\n        type\n        debit\n        credit\n      }\n      totalDebit\n      totalCredit\n    }\n  }\n": typeof types.TrialBalanceDocument,
    "\n  query VatReturn($from: String, $to: String) {\n    vatReturn(from: $from, to: $to) {\n      from\n      to\n      outputBase\n      outputVat\n      inputBase\n      inputVat\n      netVat\n      settlements\n      rows {\n        category\n        rate\n        outputBase\n        outputVat\n        inputBase\n        inputVat\n      }\n    }\n  }\n": typeof types.VatReturnDocument,
    "\n  query BankMoneyAccountDefaults {\n    moneyAccountDefaults {\n      bank\n      manual\n      cash\n      other\n      payout\n    }\n  }\n": typeof types.BankMoneyAccountDefaultsDocument,
    "\n  mutation UpdateMoneyAccountDefaults($input: MoneyAccountDefaultsInput!) {\n    updateMoneyAccountDefaults(input: $input) {\n      bank\n      manual\n      cash\n      other\n      payout\n    }\n  }\n": typeof types.UpdateMoneyAccountDefaultsDocument,
    "\n  query BankMoneyAccounts {\n    moneyAccounts {\n      id\n      name\n      kind\n      iban\n      bic\n      isDefault\n      ledgerAccount {\n        id\n        code\n        name\n      }\n      ledgerBalance\n      version\n    }\n  }\n": typeof types.BankMoneyAccountsDocument,
    "\n  mutation CreateMoneyAccount($input: MoneyAccountInput!) {\n    createMoneyAccount(input: $input) {\n      id\n    }\n  }\n": typeof types.CreateMoneyAccountDocument,
    "\n  mutation UpdateMoneyAccount($id: ID!, $input: MoneyAccountInput!) {\n    updateMoneyAccount(id: $id, input: $input) {\n      id\n      version\n    }\n  }\n": typeof types.UpdateMoneyAccountDocument,
    "\n  mutation DeleteMoneyAccount($id: ID!) {\n    deleteMoneyAccount(id: $id)\n  }\n": typeof types.DeleteMoneyAccountDocument,
    "\n  fragment AdminClientFields on Client {\n    id\n    name\n    email\n    phone\n    address\n    vatNumber\n    country\n    language\n    currency\n    remindersExcluded\n    createdAt\n    version\n    user {\n      id\n      username\n    }\n  }\n": typeof types.AdminClientFieldsFragmentDoc,
    "\n  fragment ViesCheckFields on ViesCheck {\n    id\n    checkedAt\n    countryCode\n    vatNumber\n    valid\n    requestDate\n    requestIdentifier\n    name\n    address\n  }\n": typeof types.ViesCheckFieldsFragmentDoc,
    "\n  mutation ApplyClientCredit($id: ID!, $input: ApplyCreditInput!) {\n    applyClientCredit(id: $id, input: $input) {\n      ...AdminInvoiceFields\n    }\n  }\n": typeof types.ApplyClientCreditDocument,
    "\n  mutation CheckClientVies($id: ID!) {\n    checkClientVies(id: $id) {\n      ...ViesCheckFields\n    }\n  }\n": typeof types.CheckClientViesDocument,
    "\n  mutation CreateClient($input: ClientInput!) {\n    createClient(input: $input) {\n      id\n    }\n  }\n": typeof types.CreateClientDocument,
    "\n  mutation CreateClientUser($id: ID!) {\n    createClientUser(id: $id) {\n      username\n      password\n    }\n  }\n": typeof types.CreateClientUserDocument,
    "\n  mutation DeleteClient($id: ID!) {\n    deleteClient(id: $id)\n  }\n": typeof types.DeleteClientDocument,
    "\n  mutation ResetClientUserPassword($id: ID!) {\n    resetClientUserPassword(id: $id) {\n      username\n      password\n    }\n  }\n": typeof types.ResetClientUserPasswordDocument,
    "\n  mutation UpdateClient($id: ID!, $input: ClientInput!) {\n    updateClient(id: $id, input: $input) {\n      id\n      version\n    }\n  }\n": typeof types.UpdateClientDocument,
    "\n  query ClientDetail($id: ID!) {\n    client(id: $id) {\n      ...AdminClientFields\n      creditBalance\n      subscriptions {\n        ...AdminSubscriptionFields\n      }\n      invoices {\n        ...AdminInvoiceFields\n      }\n    }\n  }\n": typeof types.ClientDetailDocument,
    "\n  query ClientDocuments($clientId: ID!) {\n    invoices(clientId: $clientId, page: { offset: 0, limit: 1 }) {\n      total\n    }\n    subscriptions(clientId: $clientId, page: { offset: 0, limit: 1 }) {\n      total\n    }\n  }\n": typeof types.ClientDocumentsDocument,
    "\n  query ClientOptions($search: String) {\n    clients(page: { offset: 0, limit: 50 }, search: $search) {\n      items {\n        id\n        name\n      }\n    }\n  }\n": typeof types.ClientOptionsDocument,
    "\n  query ClientVies($id: ID!) {\n    viesEnabled\n    client(id: $id) {\n      id\n      viesChecks {\n        ...ViesCheckFields\n      }\n    }\n  }\n": typeof types.ClientViesDocument,
    "\n  query AdminClients($page: PageInput, $search: String) {\n    clients(page: $page, search: $search) {\n      total\n      items {\n        ...AdminClientFields\n      }\n    }\n  }\n": typeof types.AdminClientsDocument,
    "\n  mutation IssueCreditNote($invoiceId: ID!, $input: CreditNoteInput!) {\n    issueCreditNote(invoiceId: $invoiceId, input: $input) {\n      id\n      creditNoteNumber\n      totalAmount\n    }\n  }\n": typeof types.IssueCreditNoteDocument,
    "\n  query AdminCreditNotes($clientId: ID, $invoiceId: ID) {\n    creditNotes(clientId: $clientId, invoiceId: $invoiceId) {\n      id\n      creditNoteNumber\n      date\n      reason\n      full\n      clientId\n      clientName\n      totalAmount\n      currency\n      invoice {\n        id\n        invoiceNumber\n        date\n      }\n    }\n  }\n": typeof types.AdminCreditNotesDocument,
    "\n  query InvoiceEventHistory($id: ID!) {\n    invoiceEventHistory(id: $id) {\n      revision\n      type\n      actor\n      actorName\n      recordedAt\n      data\n    }\n  }\n": typeof types.InvoiceEventHistoryDocument,
    "\n  query JournalEntryHistory($id: ID!) {\n    journalEntryHistory(id: $id) {\n      revision\n      type\n      actor\n      actorName\n      recordedAt\n      data\n    }\n  }\n": typeof types.JournalEntryHistoryDocument,
    "\n  mutation MarkContactMessageHandled($id: ID!, $handled: Boolean!) {\n    markContactMessageHandled(id: $id, handled: $handled) {\n      id\n      handled\n      handledAt\n    }\n  }\n": typeof types.MarkContactMessageHandledDocument,
    "\n  mutation MarkDemoRequestHandled($id: ID!, $handled: Boolean!) {\n    markDemoRequestHandled(id: $id, handled: $handled) {\n      id\n      handled\n      handledAt\n    }\n  }\n": typeof types.MarkDemoRequestHandledDocument,
    "\n  mutation MarkPaymentAlertHandled($id: ID!, $handled: Boolean!) {\n    markPaymentAlertHandled(id: $id, handled: $handled)\n  }\n": typeof types.MarkPaymentAlertHandledDocument,
    "\n  query ContactMessages($handled: Boolean, $offset: Int!, $limit: Int!) {\n    contactMessages(handled: $handled, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        name\n        email\n        subject\n        message\n        language\n        handled\n        handledAt\n        createdAt\n      }\n    }\n  }\n": typeof types.ContactMessagesDocument,
    "\n  query DemoRequests($handled: Boolean, $offset: Int!, $limit: Int!) {\n    demoRequests(handled: $handled, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        name\n        email\n        company\n        date\n        time\n        message\n        language\n        handled\n        handledAt\n        createdAt\n      }\n    }\n  }\n": typeof types.DemoRequestsDocument,
    "\n  query InboxCounts {\n    inboxCounts {\n      unhandledContactMessages\n      unhandledDemoRequests\n    }\n    unhandledPaymentAlerts: paymentAlerts(handled: false, limit: 1) {\n      total\n    }\n  }\n": typeof types.InboxCountsDocument,
    "\n  query PaymentAlerts($handled: Boolean, $offset: Int!, $limit: Int!) {\n    paymentAlerts(handled: $handled, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        invoiceId\n        invoiceNumber\n        clientId\n        clientName\n        reason\n        amount\n        refundedAmount\n        date\n        postedOn\n        reference\n        recordedAt\n        handled\n        handledAt\n      }\n    }\n  }\n": typeof types.PaymentAlertsDocument,
    "\n  fragment ApiTokenFields on ApiToken {\n    id\n    name\n    scope\n    areas\n    prefix\n    createdAt\n    expiresAt\n    lastUsedAt\n    revokedAt\n  }\n": typeof types.ApiTokenFieldsFragmentDoc,
    "\n  fragment WebhookDeliveryFields on WebhookDelivery {\n    id\n    sequence\n    eventId\n    eventType\n    status\n    attempts\n    nextAttemptAt\n    createdAt\n    deliveredAt\n    payload\n    log {\n      at\n      statusCode\n      error\n      durationMs\n    }\n  }\n": typeof types.WebhookDeliveryFieldsFragmentDoc,
    "\n  fragment WebhookEndpointFields on WebhookEndpoint {\n    id\n    url\n    description\n    events\n    enabled\n    disabledReason\n    disabledBy\n    lastFailure\n    createdAt\n  }\n": typeof types.WebhookEndpointFieldsFragmentDoc,
    "\n  mutation CreateApiToken($input: ApiTokenInput!) {\n    createApiToken(input: $input) {\n      apiToken {\n        ...ApiTokenFields\n      }\n      token\n    }\n  }\n": typeof types.CreateApiTokenDocument,
    "\n  mutation CreateWebhookEndpoint($input: WebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      endpoint {\n        ...WebhookEndpointFields\n      }\n      secret\n    }\n  }\n": typeof types.CreateWebhookEndpointDocument,
    "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n": typeof types.DeleteWebhookEndpointDocument,
    "\n  mutation ReplayWebhookDelivery($endpointId: ID!, $deliveryId: ID!) {\n    replayWebhookDelivery(endpointId: $endpointId, deliveryId: $deliveryId) {\n      ...WebhookDeliveryFields\n    }\n  }\n": typeof types.ReplayWebhookDeliveryDocument,
    "\n  mutation RevokeApiToken($id: ID!) {\n    revokeApiToken(id: $id) {\n      ...ApiTokenFields\n    }\n  }\n": typeof types.RevokeApiTokenDocument,
    "\n  mutation UpdateWebhookEndpoint($id: ID!, $input: WebhookEndpointInput!) {\n    updateWebhookEndpoint(id: $id, input: $input) {\n      ...WebhookEndpointFields\n    }\n  }\n": typeof types.UpdateWebhookEndpointDocument,
    "\n  query ApiTokens {\n    apiTokens {\n      ...ApiTokenFields\n    }\n  }\n": typeof types.ApiTokensDocument,
    "\n  query WebhookDeliveries($endpointId: ID!, $limit: Int, $before: Int) {\n    webhookDeliveries(endpointId: $endpointId, limit: $limit, before: $before) {\n      ...WebhookDeliveryFields\n    }\n  }\n": typeof types.WebhookDeliveriesDocument,
    "\n  query WebhookEndpoints {\n    webhookEndpoints {\n      ...WebhookEndpointFields\n    }\n  }\n": typeof types.WebhookEndpointsDocument,
    "\n  fragment AdminInvoiceFields on Invoice {\n    id\n    client {\n      id\n      name\n    }\n    invoiceNumber\n    date\n    dueDate\n    paid\n    sent\n    currency\n    totalAmount\n    openAmount\n    paidAmount\n    creditedAmount\n    issued\n    cancelled\n    writtenOff\n    writtenOffAmount\n    writtenOffOn\n    recoveredAmount\n    reverseCharge\n    version\n    items {\n      description\n      quantity\n      unitPrice\n      vatRate\n      vatCategory\n      vatExemptionReason\n      productId\n    }\n  }\n": typeof types.AdminInvoiceFieldsFragmentDoc,
    "\n  mutation CreateInvoice($input: InvoiceInput!) {\n    createInvoice(input: $input) {\n      ...AdminInvoiceFields\n    }\n  }\n": typeof types.CreateInvoiceDocument,
    "\n  mutation DeleteInvoice($id: ID!) {\n    deleteInvoice(id: $id)\n  }\n": typeof types.DeleteInvoiceDocument,
    "\n  mutation GenerateRecurringInvoices {\n    generateRecurringInvoices {\n      created\n      skipped\n      subscriptions\n    }\n  }\n": typeof types.GenerateRecurringInvoicesDocument,
    "\n  mutation MarkInvoicePaid($id: ID!) {\n    markInvoicePaid(id: $id) {\n      ...AdminInvoiceFields\n    }\n  }\n": typeof types.MarkInvoicePaidDocument,
    "\n  mutation RecordInvoicePayment($invoiceId: ID!, $input: InvoicePaymentInput!) {\n    recordInvoicePayment(invoiceId: $invoiceId, input: $input) {\n      ...AdminInvoiceFields\n    }\n  }\n": typeof types.RecordInvoicePaymentDocument,
    "\n  mutation SendInvoice($id: ID!) {\n    sendInvoice(id: $id) {\n      ...AdminInvoiceFields\n    }\n  }\n": typeof types.SendInvoiceDocument,
    "\n  mutation UpdateInvoice($id: ID!, $input: InvoiceInput!) {\n    updateInvoice(id: $id, input: $input) {\n      ...AdminInvoiceFields\n    }\n  }\n": typeof types.UpdateInvoiceDocument,
    "\n  mutation WriteOffInvoice($id: ID!, $input: WriteOffInvoiceInput!) {\n    writeOffInvoice(id: $id, input: $input) {\n      ...AdminInvoiceFields\n    }\n  }\n": typeof types.WriteOffInvoiceDocument,
    "\n  query DepositAccounts {\n    moneyAccounts {\n      id\n      name\n      kind\n      isDefault\n    }\n    moneyAccountDefaults {\n      bank\n      cash\n      other\n    }\n  }\n": typeof types.DepositAccountsDocument,
    "\n  query AdminInvoice($id: ID!) {\n    invoice(id: $id) {\n      ...AdminInvoiceFields\n    }\n  }\n": typeof types.AdminInvoiceDocument,
    "\n  query InvoiceParties($clientId: ID!) {\n    client(id: $clientId) {\n      id\n      country\n      vatNumber\n      currency\n    }\n    companySettings {\n      country\n    }\n  }\n": typeof types.InvoicePartiesDocument,
    "\n  query AdminInvoices($page: PageInput, $clientId: ID, $status: InvoicePaidFilter, $overdue: Boolean) {\n    invoices(page: $page, clientId: $clientId, status: $status, overdue: $overdue) {\n      total\n      items {\n        ...AdminInvoiceFields\n      }\n    }\n  }\n": typeof types.AdminInvoicesDocument,
    "\n  fragment MyDataSettingsFields on MyDataSettings {\n    configured\n    endpoint\n    classifications {\n      invoiceType\n      chosen {\n        type\n        category\n        categoryName\n      }\n      accepted {\n        type\n        category\n        categoryName\n      }\n    }\n    products {\n      productId\n      name\n      classifications {\n        invoiceType\n        classification {\n          type\n          category\n          categoryName\n        }\n      }\n    }\n  }\n": typeof types.MyDataSettingsFieldsFragmentDoc,
    "\n  fragment MyDataTransmissionFields on MyDataTransmission {\n    documentId\n    kind\n    status\n    configured\n    mark\n    uid\n    qrUrl\n    authenticationCode\n    invoiceType\n    number\n    transmittedAt\n    attempts\n    errors {\n      code\n      message\n    }\n    history {\n      at\n      action\n      outcome\n      detail\n      actor\n    }\n  }\n": typeof types.MyDataTransmissionFieldsFragmentDoc,
    "\n  mutation SendToMyDataAgain($documentId: ID!) {\n    sendToMyDataAgain(documentId: $documentId) {\n      ...MyDataTransmissionFields\n    }\n  }\n": typeof types.SendToMyDataAgainDocument,
    "\n  mutation SetMyDataClassifications($input: MyDataSettingsInput!) {\n    setMyDataClassifications(input: $input) {\n      ...MyDataSettingsFields\n    }\n  }\n": typeof types.SetMyDataClassificationsDocument,
    "\n  query MyDataFailures {\n    myDataFailures {\n      documentId\n      kind\n      invoiceId\n      number\n      errors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.MyDataFailuresDocument,
    "\n  query MyDataSettings {\n    myDataSettings {\n      ...MyDataSettingsFields\n    }\n  }\n": typeof types.MyDataSettingsDocument,
    "\n  query MyDataTransmission($documentId: ID!) {\n    myDataTransmission(documentId: $documentId) {\n      ...MyDataTransmissionFields\n    }\n  }\n": typeof types.MyDataTransmissionDocument,
    "\n  mutation RebuildProjection($name: String!) {\n    rebuildProjection(name: $name) {\n      name\n      caughtUp\n      durationMs\n    }\n  }\n": typeof types.RebuildProjectionDocument,
    "\n  query ProjectionStatus {\n    projectionStatus {\n      name\n      kind\n      position\n      lag\n      lagCapped\n      state\n      eventsProcessed\n      updatedAt\n      lastError\n      rebuildable\n      skipped\n      skippedResolved\n      skippedEvents {\n        eventId\n        position\n        streamId\n        eventType\n        error\n        skippedAt\n      }\n    }\n  }\n": typeof types.ProjectionStatusDocument,
    "\n  query AdminOverview($recentPayments: Int!) {\n    adminOverview(recentPayments: $recentPayments) {\n      today\n      receivables\n      unpaidCount\n      overdueCount\n      overdueAmount\n      revenueMonth\n      revenueYear\n      recentPayments {\n        paymentId\n        invoiceId\n        invoiceNumber\n        clientId\n        clientName\n        amount\n        date\n        method\n      }\n    }\n  }\n": typeof types.AdminOverviewDocument,
    "\n  query OverviewCharts {\n    monthlyTrends {\n      month\n      invoiced\n      collected\n      cashBalance\n    }\n    agedReceivables {\n      totals {\n        current\n        days1to30\n        days31to60\n        days61to90\n        over90\n      }\n    }\n  }\n": typeof types.OverviewChartsDocument,
    "\n  fragment AdminPaymentFields on Payment {\n    id\n    amount\n    amountCents\n    date\n    method\n    reference\n    refundedAmount\n    disputedAmount\n    disputeStatus\n    fee\n    depositedTo {\n      id\n      name\n    }\n  }\n": typeof types.AdminPaymentFieldsFragmentDoc,
    "\n  mutation RefundPayment($paymentId: ID!, $input: RefundPaymentInput!) {\n    refundPayment(paymentId: $paymentId, input: $input) {\n      ...AdminInvoiceFields\n      payments {\n        ...AdminPaymentFields\n      }\n    }\n  }\n": typeof types.RefundPaymentDocument,
    "\n  query AdminInvoicePayments($id: ID!) {\n    invoice(id: $id) {\n      ...AdminInvoiceFields\n      payments {\n        ...AdminPaymentFields\n      }\n    }\n  }\n": typeof types.AdminInvoicePaymentsDocument,
    "\n  mutation CreateProduct($input: ProductInput!) {\n    createProduct(input: $input) {\n      id\n    }\n  }\n": typeof types.CreateProductDocument,
    "\n  mutation DeleteProduct($id: ID!) {\n    deleteProduct(id: $id)\n  }\n": typeof types.DeleteProductDocument,
    "\n  mutation UpdateProduct($id: ID!, $input: ProductInput!) {\n    updateProduct(id: $id, input: $input) {\n      id\n      version\n    }\n  }\n": typeof types.UpdateProductDocument,
    "\n  query AdminProducts {\n    products {\n      id\n      name\n      price\n      billingCycle\n      vatRate\n      version\n    }\n  }\n": typeof types.AdminProductsDocument,
    "\n  fragment CompanySettingsFields on CompanySettings {\n    name\n    address\n    phone\n    email\n    registrationNumber\n    vatNumber\n    jurisdiction\n    country\n    iban\n    bic\n    standardVatRate\n    reminderDays\n    updatedAt\n  }\n": typeof types.CompanySettingsFieldsFragmentDoc,
    "\n  mutation CloseFiscalYear($fiscalYear: Int!) {\n    closeFiscalYear(fiscalYear: $fiscalYear) {\n      lockedThrough\n    }\n  }\n": typeof types.CloseFiscalYearDocument,
    "\n  mutation ReopenFiscalYear($fiscalYear: Int!, $reason: String!) {\n    reopenFiscalYear(fiscalYear: $fiscalYear, reason: $reason) {\n      lockedThrough\n    }\n  }\n": typeof types.ReopenFiscalYearDocument,
    "\n  mutation SetBooksLock($lockedThrough: String) {\n    setBooksLock(lockedThrough: $lockedThrough) {\n      lockedThrough\n    }\n  }\n": typeof types.SetBooksLockDocument,
    "\n  mutation SetFiscalYearStartMonth($month: Int!) {\n    setFiscalYearStartMonth(month: $month) {\n      fiscalYearStartMonth\n    }\n  }\n": typeof types.SetFiscalYearStartMonthDocument,
    "\n  mutation UpdateCompanySettings($input: CompanySettingsInput!) {\n    updateCompanySettings(input: $input) {\n      ...CompanySettingsFields\n    }\n  }\n": typeof types.UpdateCompanySettingsDocument,
    "\n  query AccountingSettings {\n    accountingSettings {\n      lockedThrough\n      unreconciledLinesThroughLock\n      fiscalYearStartMonth\n      currentFiscalYear {\n        from\n        to\n      }\n      closedYears {\n        from\n        to\n      }\n    }\n  }\n": typeof types.AccountingSettingsDocument,
    "\n  query CompanyCountry {\n    companySettings {\n      country\n    }\n  }\n": typeof types.CompanyCountryDocument,
    "\n  query CompanySettings {\n    companySettings {\n      ...CompanySettingsFields\n    }\n  }\n": typeof types.CompanySettingsDocument,
    "\n  query StandardVatRate {\n    companySettings {\n      standardVatRate\n    }\n  }\n": typeof types.StandardVatRateDocument,
    "\n  fragment AdminSubscriptionFields on Subscription {\n    id\n    client {\n      id\n      name\n    }\n    product {\n      id\n      name\n      billingCycle\n      price\n    }\n    startDate\n    status\n    autoGenerateInvoices\n    invoicedUntil\n    nextBillingDate\n    invoiceStatus\n    version\n  }\n": typeof types.AdminSubscriptionFieldsFragmentDoc,
    "\n  mutation CreateSubscription($input: SubscriptionInput!) {\n    createSubscription(input: $input) {\n      id\n    }\n  }\n": typeof types.CreateSubscriptionDocument,
    "\n  mutation CreateSubscriptionInvoice($id: ID!) {\n    createSubscriptionInvoice(id: $id) {\n      id\n      invoiceNumber\n    }\n  }\n": typeof types.CreateSubscriptionInvoiceDocument,
    "\n  mutation DeleteSubscription($id: ID!) {\n    deleteSubscription(id: $id)\n  }\n": typeof types.DeleteSubscriptionDocument,
    "\n  mutation UpdateSubscription($id: ID!, $input: SubscriptionInput!) {\n    updateSubscription(id: $id, input: $input) {\n      id\n      version\n    }\n  }\n": typeof types.UpdateSubscriptionDocument,
    "\n  query AdminSubscriptions($page: PageInput, $clientId: ID, $status: SubscriptionStatus) {\n    subscriptions(page: $page, clientId: $clientId, status: $status) {\n      total\n      items {\n        ...AdminSubscriptionFields\n      }\n    }\n  }\n": typeof types.AdminSubscriptionsDocument,
    "\n  mutation CreateSupplier($input: SupplierInput!) {\n    createSupplier(input: $input) {\n      id\n    }\n  }\n": typeof types.CreateSupplierDocument,
    "\n  mutation DeleteSupplier($id: ID!) {\n    deleteSupplier(id: $id)\n  }\n": typeof types.DeleteSupplierDocument,
    "\n  mutation UpdateSupplier($id: ID!, $input: SupplierInput!) {\n    updateSupplier(id: $id, input: $input) {\n      id\n      version\n    }\n  }\n": typeof types.UpdateSupplierDocument,
    "\n  query SupplierDefaults {\n    companySettings {\n      country\n    }\n  }\n": typeof types.SupplierDefaultsDocument,
    "\n  query AdminSuppliers {\n    suppliers {\n      id\n      name\n      vatNumber\n      country\n      address\n      iban\n      defaultAccountId\n      defaultVatRate\n      paymentTermsDays\n      version\n    }\n  }\n": typeof types.AdminSuppliersDocument,
};
const documents: Documents = {
    "\n  fragment BalanceSheetFields on BalanceSheet {\n    asOf\n    assets {\n      accountId\n      account\n      balance\n    }\n    liabilities {\n      accountId\n      account\n      balance\n    }\n    equity {\n      accountId\n      account\n      balance\n    }\n    totalAssets\n    totalLiabilities\n    totalEquity\n    totalLiabilitiesAndEquity\n  }\n": types.BalanceSheetFieldsFragmentDoc,
    "\n  fragment IncomeStatementFields on IncomeStatement {\n    from\n    to\n    revenues {\n      accountId\n      account\n      balance\n    }\n    expenses {\n      accountId\n      account\n      balance\n    }\n    totalRevenue\n    totalExpenses\n    netIncome\n  }\n": types.IncomeStatementFieldsFragmentDoc,
    "\n  mutation CorrectJournalEntry($id: ID!, $input: JournalEntryInput!, $expectedVersion: Int) {\n    correctJournalEntry(id: $id, input: $input, expectedVersion: $expectedVersion) {\n      id\n      version\n    }\n  }\n": types.CorrectJournalEntryDocument,
    "\n  mutation CorrectSingleLineJournalEntry($id: ID!, $input: SingleLineJournalEntryInput!, $expectedVersion: Int) {\n    correctSingleLineJournalEntry(id: $id, input: $input, expectedVersion: $expectedVersion) {\n      id\n      version\n    }\n  }\n": types.CorrectSingleLineJournalEntryDocument,
    "\n  mutation CreateAccount($input: CreateAccountInput!) {\n    createAccount(input: $input) {\n      id\n    }\n  }\n": types.CreateAccountDocument,
    "\n  mutation DeleteAccount($id: ID!) {\n    deleteAccount(id: $id)\n  }\n": types.DeleteAccountDocument,
    "\n  mutation DeleteJournalEntry($id: ID!, $expectedVersion: Int) {\n    deleteJournalEntry(id: $id, expectedVersion: $expectedVersion)\n  }\n": types.DeleteJournalEntryDocument,
    "\n  mutation RecordJournalEntry($input: JournalEntryInput!) {\n    recordJournalEntry(input: $input) {\n      id\n      version\n    }\n  }\n": types.RecordJournalEntryDocument,
    "\n  mutation RecordSingleLineJournalEntry($input: SingleLineJournalEntryInput!) {\n    recordSingleLineJournalEntry(input: $input) {\n      id\n      version\n    }\n  }\n": types.RecordSingleLineJournalEntryDocument,
    "\n  mutation RenameAccount($id: ID!, $accountName: String!) {\n    renameAccount(id: $id, accountName: $accountName) {\n      id\n      accountName\n    }\n  }\n": types.RenameAccountDocument,
    "\n  mutation SetAccountActive($id: ID!, $active: Boolean!) {\n    setAccountActive(id: $id, active: $active) {\n      id\n      isActive\n    }\n  }\n": types.SetAccountActiveDocument,
    "\n  query AccountLedger($accountId: ID!, $from: String, $to: String, $page: PageInput) {\n    accountLedger(accountId: $accountId, from: $from, to: $to, page: $page) {\n      accountId\n      account\n      from\n      to\n      openingBalance\n      closingBalance\n      total\n      lines {\n        entryId\n        date\n        description\n        kind\n        source\n        sourceId\n        invoiceId\n        debit\n        credit\n        balance\n      }\n    }\n  }\n": types.AccountLedgerDocument,
    "\n  query Accounts($includeInactive: Boolean!) {\n    accounts(includeInactive: $includeInactive) {\n      id\n      code\n      accountName\n      type\n      cashFlowClass\n      isActive\n      isSystem\n    }\n  }\n": types.AccountsDocument,
    "\n  query AgedReceivables($asOf: String) {\n    agedReceivables(asOf: $asOf) {\n      asOf\n      total\n      creditBalance\n      net\n      totals {\n        current\n        days1to30\n        days31to60\n        days61to90\n        over90\n      }\n      clients {\n        clientId\n        clientName\n        total\n        creditBalance\n        buckets {\n          current\n          days1to30\n          days31to60\n          days61to90\n          over90\n        }\n      }\n    }\n  }\n": types.AgedReceivablesDocument,
    "\n  query BalanceSheet($asOf: String, $compare: ReportComparison) {\n    balanceSheet(asOf: $asOf, compare: $compare) {\n      ...BalanceSheetFields\n      comparison {\n        ...BalanceSheetFields\n      }\n    }\n  }\n": types.BalanceSheetDocument,
    "\n  query CashFlow($from: String, $to: String) {\n    cashFlow(from: $from, to: $to) {\n      from\n      to\n      netIncome\n      operatingAdjustments {\n        accountId\n        account\n        balance\n      }\n      cashFromOperations\n      investing {\n        accountId\n        account\n        balance\n      }\n      cashFromInvesting\n      financing {\n        accountId\n        account\n        balance\n      }\n      cashFromFinancing\n      netCashFlow\n      openingCash\n      closingCash\n    }\n  }\n": types.CashFlowDocument,
    "\n  query EcSalesList($from: String, $to: String) {\n    ecSalesList(from: $from, to: $to) {\n      from\n      to\n      total\n      rows {\n        country\n        vatNumber\n        services\n      }\n    }\n  }\n": types.EcSalesListDocument,
    "\n  query IncomeStatement($from: String, $to: String, $compare: ReportComparison) {\n    incomeStatement(from: $from, to: $to, compare: $compare) {\n      ...IncomeStatementFields\n      comparison {\n        ...IncomeStatementFields\n      }\n    }\n  }\n": types.IncomeStatementDocument,
    "\n  query IncomeStatementColumns($fiscalYear: Int, $quarterly: Boolean!) {\n    incomeStatementColumns(fiscalYear: $fiscalYear, quarterly: $quarterly) {\n      from\n      to\n      columns {\n        ...IncomeStatementFields\n      }\n    }\n  }\n": types.IncomeStatementColumnsDocument,
    "\n  query JournalEntries($page: PageInput) {\n    journalEntries(page: $page) {\n      total\n      items {\n        id\n        date\n        description\n        source\n        sourceId\n        invoiceId\n        version\n        editable\n        lines {\n          accountId\n          accountName\n          debit\n          credit\n          vatCategory\n          vatRate\n          vatSettlement\n        }\n        singleLine {\n          accountId\n          accountName\n          debit\n          credit\n        }\n      }\n    }\n  }\n": types.JournalEntriesDocument,
    "\n  query TrialBalance($asOf: String) {\n    trialBalance(asOf: $asOf) {\n      asOf\n      rows {\n        accountId\n        code\n        account\n        type\n        debit\n        credit\n      }\n      totalDebit\n      totalCredit\n    }\n  }\n": types.TrialBalanceDocument,
    "\n  query VatReturn($from: String, $to: String) {\n    vatReturn(from: $from, to: $to) {\n      from\n      to\n      outputBase\n      outputVat\n      inputBase\n      inputVat\n      netVat\n      settlements\n      rows {\n        category\n        rate\n        outputBase\n        outputVat\n        inputBase\n        inputVat\n      }\n    }\n  }\n": types.VatReturnDocument,
    "\n  query BankMoneyAccountDefaults {\n    moneyAccountDefaults {\n      bank\n      manual\n      cash\n      other\n      payout\n    }\n  }\n": types.BankMoneyAccountDefaultsDocument,
    "\n  mutation UpdateMoneyAccountDefaults($input: MoneyAccountDefaultsInput!) {\n    updateMoneyAccountDefaults(input: $input) {\n      bank\n      manual\n      cash\n      other\n      payout\n    }\n  }\n": types.UpdateMoneyAccountDefaultsDocument,
    "\n  query BankMoneyAccounts {\n    moneyAccounts {\n      id\n      name\n      kind\n      iban\n      bic\n      isDefault\n      ledgerAccount {\n        id\n        code\n        name\n      }\n      ledgerBalance\n      version\n    }\n  }\n": types.BankMoneyAccountsDocument,
    "\n  mutation CreateMoneyAccount($input: MoneyAccountInput!) {\n    createMoneyAccount(input: $input) {\n      id\n    }\n  }\n": types.CreateMoneyAccountDocument,
    "\n  mutation UpdateMoneyAccount($id: ID!, $input: MoneyAccountInput!) {\n    updateMoneyAccount(id: $id, input: $input) {\n      id\n      version\n    }\n  }\n": types.UpdateMoneyAccountDocument,
    "\n  mutation DeleteMoneyAccount($id: ID!) {\n    deleteMoneyAccount(id: $id)\n  }\n": types.DeleteMoneyAccountDocument,
    "\n  fragment AdminClientFields on Client {\n    id\n    name\n    email\n    phone\n    address\n    vatNumber\n    country\n    language\n    currency\n    remindersExcluded\n    createdAt\n    version\n    user {\n      id\n      username\n    }\n  }\n": types.AdminClientFieldsFragmentDoc,
    "\n  fragment ViesCheckFields on ViesCheck {\n    id\n    checkedAt\n    countryCode\n    vatNumber\n    valid\n    requestDate\n    requestIdentifier\n    name\n    address\n  }\n": types.ViesCheckFieldsFragmentDoc,
    "\n  mutation ApplyClientCredit($id: ID!, $input: ApplyCreditInput!) {\n    applyClientCredit(id: $id, input: $input) {\n      ...AdminInvoiceFields\n    }\n  }\n": types.ApplyClientCreditDocument,
    "\n  mutation CheckClientVies($id: ID!) {\n    checkClientVies(id: $id) {\n      ...ViesCheckFields\n    }\n  }\n": types.CheckClientViesDocument,
    "\n  mutation CreateClient($input: ClientInput!) {\n    createClient(input: $input) {\n      id\n    }\n  }\n": types.CreateClientDocument,
    "\n  mutation CreateClientUser($id: ID!) {\n    createClientUser(id: $id) {\n      username\n      password\n    }\n  }\n": types.CreateClientUserDocument,
    "\n  mutation DeleteClient($id: ID!) {\n    deleteClient(id: $id)\n  }\n": types.DeleteClientDocument,
    "\n  mutation ResetClientUserPassword($id: ID!) {\n    resetClientUserPassword(id: $id) {\n      username\n      password\n    }\n  }\n": types.ResetClientUserPasswordDocument,
    "\n  mutation UpdateClient($id: ID!, $input: ClientInput!) {\n    updateClient(id: $id, input: $input) {\n      id\n      version\n    }\n  }\n": types.UpdateClientDocument,
    "\n  query ClientDetail($id: ID!) {\n    client(id: $id) {\n      ...AdminClientFields\n      creditBalance\n      subscriptions {\n        ...AdminSubscriptionFields\n      }\n      invoices {\n        ...AdminInvoiceFields\n      }\n    }\n  }\n": types.ClientDetailDocument,
    "\n  query ClientDocuments($clientId: ID!) {\n    invoices(clientId: $clientId, page: { offset: 0, limit: 1 }) {\n      total\n    }\n    subscriptions(clientId: $clientId, page: { offset: 0, limit: 1 }) {\n      total\n    }\n  }\n": types.ClientDocumentsDocument,
    "\n  query ClientOptions($search: String) {\n    clients(page: { offset: 0, limit: 50 }, search: $search) {\n      items {\n        id\n        name\n      }\n    }\n  }\n": types.ClientOptionsDocument,
    "\n  query ClientVies($id: ID!) {\n    viesEnabled\n    client(id: $id) {\n      id\n      viesChecks {\n        ...ViesCheckFields\n      }\n    }\n  }\n": types.ClientViesDocument,
    "\n  query AdminClients($page: PageInput, $search: String) {\n    clients(page: $page, search: $search) {\n      total\n      items {\n        ...AdminClientFields\n      }\n    }\n  }\n": types.AdminClientsDocument,
    "\n  mutation IssueCreditNote($invoiceId: ID!, $input: CreditNoteInput!) {\n    issueCreditNote(invoiceId: $invoiceId, input: $input) {\n      id\n      creditNoteNumber\n      totalAmount\n    }\n  }\n": types.IssueCreditNoteDocument,
    "\n  query AdminCreditNotes($clientId: ID, $invoiceId: ID) {\n    creditNotes(clientId: $clientId, invoiceId: $invoiceId) {\n      id\n      creditNoteNumber\n      date\n      reason\n      full\n      clientId\n      clientName\n      totalAmount\n      currency\n      invoice {\n        id\n        invoiceNumber\n        date\n      }\n    }\n  }\n": types.AdminCreditNotesDocument,
    "\n  query InvoiceEventHistory($id: ID!) {\n    invoiceEventHistory(id: $id) {\n      revision\n      type\n      actor\n      actorName\n      recordedAt\n      data\n    }\n  }\n": types.InvoiceEventHistoryDocument,
    "\n  query JournalEntryHistory($id: ID!) {\n    journalEntryHistory(id: $id) {\n      revision\n      type\n      actor\n      actorName\n      recordedAt\n      data\n    }\n  }\n": types.JournalEntryHistoryDocument,
    "\n  mutation MarkContactMessageHandled($id: ID!, $handled: Boolean!) {\n    markContactMessageHandled(id: $id, handled: $handled) {\n      id\n      handled\n      handledAt\n    }\n  }\n": types.MarkContactMessageHandledDocument,
    "\n  mutation MarkDemoRequestHandled($id: ID!, $handled: Boolean!) {\n    markDemoRequestHandled(id: $id, handled: $handled) {\n      id\n      handled\n      handledAt\n    }\n  }\n": types.MarkDemoRequestHandledDocument,
    "\n  mutation MarkPaymentAlertHandled($id: ID!, $handled: Boolean!) {\n    markPaymentAlertHandled(id: $id, handled: $handled)\n  }\n": types.MarkPaymentAlertHandledDocument,
    "\n  query ContactMessages($handled: Boolean, $offset: Int!, $limit: Int!) {\n    contactMessages(handled: $handled, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        name\n        email\n        subject\n        message\n        language\n        handled\n        handledAt\n        createdAt\n      }\n    }\n  }\n": types.ContactMessagesDocument,
    "\n  query DemoRequests($handled: Boolean, $offset: Int!, $limit: Int!) {\n    demoRequests(handled: $handled, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        name\n        email\n        company\n        date\n        time\n        message\n        language\n        handled\n        handledAt\n        createdAt\n      }\n    }\n  }\n": types.DemoRequestsDocument,
    "\n  query InboxCounts {\n    inboxCounts {\n      unhandledContactMessages\n      unhandledDemoRequests\n    }\n    unhandledPaymentAlerts: paymentAlerts(handled: false, limit: 1) {\n      total\n    }\n  }\n": types.InboxCountsDocument,
    "\n  query PaymentAlerts($handled: Boolean, $offset: Int!, $limit: Int!) {\n    paymentAlerts(handled: $handled, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        invoiceId\n        invoiceNumber\n        clientId\n        clientName\n        reason\n        amount\n        refundedAmount\n        date\n        postedOn\n        reference\n        recordedAt\n        handled\n        handledAt\n      }\n    }\n  }\n": types.PaymentAlertsDocument,
    "\n  fragment ApiTokenFields on ApiToken {\n    id\n    name\n    scope\n    areas\n    prefix\n    createdAt\n    expiresAt\n    lastUsedAt\n    revokedAt\n  }\n": types.ApiTokenFieldsFragmentDoc,
    "\n  fragment WebhookDeliveryFields on WebhookDelivery {\n    id\n    sequence\n    eventId\n    eventType\n    status\n    attempts\n    nextAttemptAt\n    createdAt\n    deliveredAt\n    payload\n    log {\n      at\n      statusCode\n      error\n      durationMs\n    }\n  }\n": types.WebhookDeliveryFieldsFragmentDoc,
    "\n  fragment WebhookEndpointFields on WebhookEndpoint {\n    id\n    url\n    description\n    events\n    enabled\n    disabledReason\n    disabledBy\n    lastFailure\n    createdAt\n  }\n": types.WebhookEndpointFieldsFragmentDoc,
    "\n  mutation CreateApiToken($input: ApiTokenInput!) {\n    createApiToken(input: $input) {\n      apiToken {\n        ...ApiTokenFields\n      }\n      token\n    }\n  }\n": types.CreateApiTokenDocument,
    "\n  mutation CreateWebhookEndpoint($input: WebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      endpoint {\n        ...WebhookEndpointFields\n      }\n      secret\n    }\n  }\n": types.CreateWebhookEndpointDocument,
    "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n": types.DeleteWebhookEndpointDocument,
    "\n  mutation ReplayWebhookDelivery($endpointId: ID!, $deliveryId: ID!) {\n    replayWebhookDelivery(endpointId: $endpointId, deliveryId: $deliveryId) {\n      ...WebhookDeliveryFields\n    }\n  }\n": types.ReplayWebhookDeliveryDocument,
    "\n  mutation RevokeApiToken($id: ID!) {\n    revokeApiToken(id: $id) {\n      ...ApiTokenFields\n    }\n  }\n": types.RevokeApiTokenDocument,
    "\n  mutation UpdateWebhookEndpoint($id: ID!, $input: WebhookEndpointInput!) {\n    updateWebhookEndpoint(id: $id, input: $input) {\n      ...WebhookEndpointFields\n    }\n  }\n": types.UpdateWebhookEndpointDocument,
    "\n  query ApiTokens {\n    apiTokens {\n      ...ApiTokenFields\n    }\n  }\n": types.ApiTokensDocument,
    "\n  query WebhookDeliveries($endpointId: ID!, $limit: Int, $before: Int) {\n    webhookDeliveries(endpointId: $endpointId, limit: $limit, before: $before) {\n      ...WebhookDeliveryFields\n    }\n  }\n": types.WebhookDeliveriesDocument,
    "\n  query WebhookEndpoints {\n    webhookEndpoints {\n      ...WebhookEndpointFields\n    }\n  }\n": types.WebhookEndpointsDocument,
    "\n  fragment AdminInvoiceFields on Invoice {\n    id\n    client {\n      id\n      name\n    }\n    invoiceNumber\n    date\n    dueDate\n    paid\n    sent\n    currency\n    totalAmount\n    openAmount\n    paidAmount\n    creditedAmount\n    issued\n    cancelled\n    writtenOff\n    writtenOffAmount\n    writtenOffOn\n    recoveredAmount\n    reverseCharge\n    version\n    items {\n      description\n      quantity\n      unitPrice\n      vatRate\n      vatCategory\n      vatExemptionReason\n      productId\n    }\n  }\n": types.AdminInvoiceFieldsFragmentDoc,
    "\n  mutation CreateInvoice($input: InvoiceInput!) {\n    createInvoice(input: $input) {\n      ...AdminInvoiceFields\n    }\n  }\n": types.CreateInvoiceDocument,
    "\n  mutation DeleteInvoice($id: ID!) {\n    deleteInvoice(id: $id)\n  }\n": types.DeleteInvoiceDocument,
    "\n  mutation GenerateRecurringInvoices {\n    generateRecurringInvoices {\n      created\n      skipped\n      subscriptions\n    }\n  }\n": types.GenerateRecurringInvoicesDocument,
    "\n  mutation MarkInvoicePaid($id: ID!) {\n    markInvoicePaid(id: $id) {\n      ...AdminInvoiceFields\n    }\n  }\n": types.MarkInvoicePaidDocument,
    "\n  mutation RecordInvoicePayment($invoiceId: ID!, $input: InvoicePaymentInput!) {\n    recordInvoicePayment(invoiceId: $invoiceId, input: $input) {\n      ...AdminInvoiceFields\n    }\n  }\n": types.RecordInvoicePaymentDocument,
    "\n  mutation SendInvoice($id: ID!) {\n    sendInvoice(id: $id) {\n      ...AdminInvoiceFields\n    }\n  }\n": types.SendInvoiceDocument,
    "\n  mutation UpdateInvoice($id: ID!, $input: InvoiceInput!) {\n    updateInvoice(id: $id, input: $input) {\n      ...AdminInvoiceFields\n    }\n  }\n": types.UpdateInvoiceDocument,
    "\n  mutation WriteOffInvoice($id: ID!, $input: WriteOffInvoiceInput!) {\n    writeOffInvoice(id: $id, input: $input) {\n      ...AdminInvoiceFields\n    }\n  }\n": types.WriteOffInvoiceDocument,
    "\n  query DepositAccounts {\n    moneyAccounts {\n      id\n      name\n      kind\n      isDefault\n    }\n    moneyAccountDefaults {\n      bank\n      cash\n      other\n    }\n  }\n": types.DepositAccountsDocument,
    "\n  query AdminInvoice($id: ID!) {\n    invoice(id: $id) {\n      ...AdminInvoiceFields\n    }\n  }\n": types.AdminInvoiceDocument,
    "\n  query InvoiceParties($clientId: ID!) {\n    client(id: $clientId) {\n      id\n      country\n      vatNumber\n      currency\n    }\n    companySettings {\n      country\n    }\n  }\n": types.InvoicePartiesDocument,
    "\n  query AdminInvoices($page: PageInput, $clientId: ID, $status: InvoicePaidFilter, $overdue: Boolean) {\n    invoices(page: $page, clientId: $clientId, status: $status, overdue: $overdue) {\n      total\n      items {\n        ...AdminInvoiceFields\n      }\n    }\n  }\n": types.AdminInvoicesDocument,
    "\n  fragment MyDataSettingsFields on MyDataSettings {\n    configured\n    endpoint\n    classifications {\n      invoiceType\n      chosen {\n        type\n        category\n        categoryName\n      }\n      accepted {\n        type\n        category\n        categoryName\n      }\n    }\n    products {\n      productId\n      name\n      classifications {\n        invoiceType\n        classification {\n          type\n          category\n          categoryName\n        }\n      }\n    }\n  }\n": types.MyDataSettingsFieldsFragmentDoc,
    "\n  fragment MyDataTransmissionFields on MyDataTransmission {\n    documentId\n    kind\n    status\n    configured\n    mark\n    uid\n    qrUrl\n    authenticationCode\n    invoiceType\n    number\n    transmittedAt\n    attempts\n    errors {\n      code\n      message\n    }\n    history {\n      at\n      action\n      outcome\n      detail\n      actor\n    }\n  }\n": types.MyDataTransmissionFieldsFragmentDoc,
    "\n  mutation SendToMyDataAgain($documentId: ID!) {\n    sendToMyDataAgain(documentId: $documentId) {\n      ...MyDataTransmissionFields\n    }\n  }\n": types.SendToMyDataAgainDocument,
    "\n  mutation SetMyDataClassifications($input: MyDataSettingsInput!) {\n    setMyDataClassifications(input: $input) {\n      ...MyDataSettingsFields\n    }\n  }\n": types.SetMyDataClassificationsDocument,
    "\n  query MyDataFailures {\n    myDataFailures {\n      documentId\n      kind\n      invoiceId\n      number\n      errors {\n        code\n        message\n      }\n    }\n  }\n": types.MyDataFailuresDocument,
    "\n  query MyDataSettings {\n    myDataSettings {\n      ...MyDataSettingsFields\n    }\n  }\n": types.MyDataSettingsDocument,
    "\n  query MyDataTransmission($documentId: ID!) {\n    myDataTransmission(documentId: $documentId) {\n      ...MyDataTransmissionFields\n    }\n  }\n": types.MyDataTransmissionDocument,
    "\n  mutation RebuildProjection($name: String!) {\n    rebuildProjection(name: $name) {\n      name\n      caughtUp\n      durationMs\n    }\n  }\n": types.RebuildProjectionDocument,
    "\n  query ProjectionStatus {\n    projectionStatus {\n      name\n      kind\n      position\n      lag\n      lagCapped\n      state\n      eventsProcessed\n      updatedAt\n      lastError\n      rebuildable\n      skipped\n      skippedResolved\n      skippedEvents {\n        eventId\n        position\n        streamId\n        eventType\n        error\n        skippedAt\n      }\n    }\n  }\n": types.ProjectionStatusDocument,
    "\n  query AdminOverview($recentPayments: Int!) {\n    adminOverview(recentPayments: $recentPayments) {\n      today\n      receivables\n      unpaidCount\n      overdueCount\n      overdueAmount\n      revenueMonth\n      revenueYear\n      recentPayments {\n        paymentId\n        invoiceId\n        invoiceNumber\n        clientId\n        clientName\n        amount\n        date\n        method\n      }\n    }\n  }\n": types.AdminOverviewDocument,
    "\n  query OverviewCharts {\n    monthlyTrends {\n      month\n      invoiced\n      collected\n      cashBalance\n    }\n    agedReceivables {\n      totals {\n        current\n        days1to30\n        days31to60\n        days61to90\n        over90\n      }\n    }\n  }\n": types.OverviewChartsDocument,
    "\n  fragment AdminPaymentFields on Payment {\n    id\n    amount\n    amountCents\n    date\n    method\n    reference\n    refundedAmount\n    disputedAmount\n    disputeStatus\n    fee\n    depositedTo {\n      id\n      name\n    }\n  }\n": types.AdminPaymentFieldsFragmentDoc,
    "\n  mutation RefundPayment($paymentId: ID!, $input: RefundPaymentInput!) {\n    refundPayment(paymentId: $paymentId, input: $input) {\n      ...AdminInvoiceFields\n      payments {\n        ...AdminPaymentFields\n      }\n    }\n  }\n": types.RefundPaymentDocument,
    "\n  query AdminInvoicePayments($id: ID!) {\n    invoice(id: $id) {\n      ...AdminInvoiceFields\n      payments {\n        ...AdminPaymentFields\n      }\n    }\n  }\n": types.AdminInvoicePaymentsDocument,
    "\n  mutation CreateProduct($input: ProductInput!) {\n    createProduct(input: $input) {\n      id\n    }\n  }\n": types.CreateProductDocument,
    "\n  mutation DeleteProduct($id: ID!) {\n    deleteProduct(id: $id)\n  }\n": types.DeleteProductDocument,
    "\n  mutation UpdateProduct($id: ID!, $input: ProductInput!) {\n    updateProduct(id: $id, input: $input) {\n      id\n      version\n    }\n  }\n": types.UpdateProductDocument,
    "\n  query AdminProducts {\n    products {\n      id\n      name\n      price\n      billingCycle\n      vatRate\n      version\n    }\n  }\n": types.AdminProductsDocument,
    "\n  fragment CompanySettingsFields on CompanySettings {\n    name\n    address\n    phone\n    email\n    registrationNumber\n    vatNumber\n    jurisdiction\n    country\n    iban\n    bic\n    standardVatRate\n    reminderDays\n    updatedAt\n  }\n": types.CompanySettingsFieldsFragmentDoc,
    "\n  mutation CloseFiscalYear($fiscalYear: Int!) {\n    closeFiscalYear(fiscalYear: $fiscalYear) {\n      lockedThrough\n    }\n  }\n": types.CloseFiscalYearDocument,
    "\n  mutation ReopenFiscalYear($fiscalYear: Int!, $reason: String!) {\n    reopenFiscalYear(fiscalYear: $fiscalYear, reason: $reason) {\n      lockedThrough\n    }\n  }\n": types.ReopenFiscalYearDocument,
    "\n  mutation SetBooksLock($lockedThrough: String) {\n    setBooksLock(lockedThrough: $lockedThrough) {\n      lockedThrough\n    }\n  }\n": types.SetBooksLockDocument,
    "\n  mutation SetFiscalYearStartMonth($month: Int!) {\n    setFiscalYearStartMonth(month: $month) {\n      fiscalYearStartMonth\n    }\n  }\n": types.SetFiscalYearStartMonthDocument,
    "\n  mutation UpdateCompanySettings($input: CompanySettingsInput!) {\n    updateCompanySettings(input: $input) {\n      ...CompanySettingsFields\n    }\n  }\n": types.UpdateCompanySettingsDocument,
    "\n  query AccountingSettings {\n    accountingSettings {\n      lockedThrough\n      unreconciledLinesThroughLock\n      fiscalYearStartMonth\n      currentFiscalYear {\n        from\n        to\n      }\n      closedYears {\n        from\n        to\n      }\n    }\n  }\n": types.AccountingSettingsDocument,
    "\n  query CompanyCountry {\n    companySettings {\n      country\n    }\n  }\n": types.CompanyCountryDocument,
    "\n  query CompanySettings {\n    companySettings {\n      ...CompanySettingsFields\n    }\n  }\n": types.CompanySettingsDocument,
    "\n  query StandardVatRate {\n    companySettings {\n      standardVatRate\n    }\n  }\n": types.StandardVatRateDocument,
    "\n  fragment AdminSubscriptionFields on Subscription {\n    id\n    client {\n      id\n      name\n    }\n    product {\n      id\n      name\n      billingCycle\n      price\n    }\n    startDate\n    status\n    autoGenerateInvoices\n    invoicedUntil\n    nextBillingDate\n    invoiceStatus\n    version\n  }\n": types.AdminSubscriptionFieldsFragmentDoc,
    "\n  mutation CreateSubscription($input: SubscriptionInput!) {\n    createSubscription(input: $input) {\n      id\n    }\n  }\n": types.CreateSubscriptionDocument,
    "\n  mutation CreateSubscriptionInvoice($id: ID!) {\n    createSubscriptionInvoice(id: $id) {\n      id\n      invoiceNumber\n    }\n  }\n": types.CreateSubscriptionInvoiceDocument,
    "\n  mutation DeleteSubscription($id: ID!) {\n    deleteSubscription(id: $id)\n  }\n": types.DeleteSubscriptionDocument,
    "\n  mutation UpdateSubscription($id: ID!, $input: SubscriptionInput!) {\n    updateSubscription(id: $id, input: $input) {\n      id\n      version\n    }\n  }\n": types.UpdateSubscriptionDocument,
    "\n  query AdminSubscriptions($page: PageInput, $clientId: ID, $status: SubscriptionStatus) {\n    subscriptions(page: $page, clientId: $clientId, status: $status) {\n      total\n      items {\n        ...AdminSubscriptionFields\n      }\n    }\n  }\n": types.AdminSubscriptionsDocument,
    "\n  mutation CreateSupplier($input: SupplierInput!) {\n    createSupplier(input: $input) {\n      id\n    }\n  }\n": types.CreateSupplierDocument,
    "\n  mutation DeleteSupplier($id: ID!) {\n    deleteSupplier(id: $id)\n  }\n": types.DeleteSupplierDocument,
    "\n  mutation UpdateSupplier($id: ID!, $input: SupplierInput!) {\n    updateSupplier(id: $id, input: $input) {\n      id\n      version\n    }\n  }\n": types.UpdateSupplierDocument,
    "\n  query SupplierDefaults {\n    companySettings {\n      country\n    }\n  }\n": types.SupplierDefaultsDocument,
    "\n  query AdminSuppliers {\n    suppliers {\n      id\n      name\n      vatNumber\n      country\n      address\n      iban\n      defaultAccountId\n      defaultVatRate\n      paymentTermsDays\n      version\n    }\n  }\n": types.AdminSuppliersDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BalanceSheetFields on BalanceSheet {\n    asOf\n    assets {\n      accountId\n      account\n      balance\n    }\n    liabilities {\n      accountId\n      account\n      balance\n    }\n    equity {\n      accountId\n      account\n      balance\n    }\n    totalAssets\n    totalLiabilities\n    totalEquity\n    totalLiabilitiesAndEquity\n  }\n"): (typeof documents)["\n  fragment BalanceSheetFields on BalanceSheet {\n    asOf\n    assets {\n      accountId\n      account\n      balance\n    }\n    liabilities {\n      accountId\n      account\n      balance\n    }\n    equity {\n      accountId\n      account\n      balance\n    }\n    totalAssets\n    totalLiabilities\n    totalEquity\n    totalLiabilitiesAndEquity\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment IncomeStatementFields on IncomeStatement {\n    from\n    to\n    revenues {\n      accountId\n      account\n      balance\n    }\n    expenses {\n      accountId\n      account\n      balance\n    }\n    totalRevenue\n    totalExpenses\n    netIncome\n  }\n"): (typeof documents)["\n  fragment IncomeStatementFields on IncomeStatement {\n    from\n    to\n    revenues {\n      accountId\n      account\n      balance\n    }\n    expenses {\n      accountId\n      account\n      balance\n    }\n    totalRevenue\n    totalExpenses\n    netIncome\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CorrectJournalEntry($id: ID!, $input: JournalEntryInput!, $expectedVersion: Int) {\n    correctJournalEntry(id: $id, input: $input, expectedVersion: $expectedVersion) {\n      id\n      version\n    }\n  }\n"): (typeof documents)["\n  mutation CorrectJournalEntry($id: ID!, $input: JournalEntryInput!, $expectedVersion: Int) {\n    correctJournalEntry(id: $id, input: $input, expectedVersion: $expectedVersion) {\n      id\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CorrectSingleLineJournalEntry($id: ID!, $input: SingleLineJournalEntryInput!, $expectedVersion: Int) {\n    correctSingleLineJournalEntry(id: $id, input: $input, expectedVersion: $expectedVersion) {\n      id\n      version\n    }\n  }\n"): (typeof documents)["\n  mutation CorrectSingleLineJournalEntry($id: ID!, $input: SingleLineJournalEntryInput!, $expectedVersion: Int) {\n    correctSingleLineJournalEntry(id: $id, input: $input, expectedVersion: $expectedVersion) {\n      id\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateAccount($input: CreateAccountInput!) {\n    createAccount(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateAccount($input: CreateAccountInput!) {\n    createAccount(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteAccount($id: ID!) {\n    deleteAccount(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteAccount($id: ID!) {\n    deleteAccount(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteJournalEntry($id: ID!, $expectedVersion: Int) {\n    deleteJournalEntry(id: $id, expectedVersion: $expectedVersion)\n  }\n"): (typeof documents)["\n  mutation DeleteJournalEntry($id: ID!, $expectedVersion: Int) {\n    deleteJournalEntry(id: $id, expectedVersion: $expectedVersion)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RecordJournalEntry($input: JournalEntryInput!) {\n    recordJournalEntry(input: $input) {\n      id\n      version\n    }\n  }\n"): (typeof documents)["\n  mutation RecordJournalEntry($input: JournalEntryInput!) {\n    recordJournalEntry(input: $input) {\n      id\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RecordSingleLineJournalEntry($input: SingleLineJournalEntryInput!) {\n    recordSingleLineJournalEntry(input: $input) {\n      id\n      version\n    }\n  }\n"): (typeof documents)["\n  mutation RecordSingleLineJournalEntry($input: SingleLineJournalEntryInput!) {\n    recordSingleLineJournalEntry(input: $input) {\n      id\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RenameAccount($id: ID!, $accountName: String!) {\n    renameAccount(id: $id, accountName: $accountName) {\n      id\n      accountName\n    }\n  }\n"): (typeof documents)["\n  mutation RenameAccount($id: ID!, $accountName: String!) {\n    renameAccount(id: $id, accountName: $accountName) {\n      id\n      accountName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetAccountActive($id: ID!, $active: Boolean!) {\n    setAccountActive(id: $id, active: $active) {\n      id\n      isActive\n    }\n  }\n"): (typeof documents)["\n  mutation SetAccountActive($id: ID!, $active: Boolean!) {\n    setAccountActive(id: $id, active: $active) {\n      id\n      isActive\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AccountLedger($accountId: ID!, $from: String, $to: String, $page: PageInput) {\n    accountLedger(accountId: $accountId, from: $from, to: $to, page: $page) {\n      accountId\n      account\n      from\n      to\n      openingBalance\n      closingBalance\n      total\n      lines {\n        entryId\n        date\n        description\n        kind\n        source\n        sourceId\n        invoiceId\n        debit\n        credit\n        balance\n      }\n    }\n  }\n"): (typeof documents)["\n  query AccountLedger($accountId: ID!, $from: String, $to: String, $page: PageInput) {\n    accountLedger(accountId: $accountId, from: $from, to: $to, page: $page) {\n      accountId\n      account\n      from\n      to\n      openingBalance\n      closingBalance\n      total\n      lines {\n        entryId\n        date\n        description\n        kind\n        source\n        sourceId\n        invoiceId\n        debit\n        credit\n        balance\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Accounts($includeInactive: Boolean!) {\n    accounts(includeInactive: $includeInactive) {\n      id\n      code\n      accountName\n      type\n      cashFlowClass\n      isActive\n      isSystem\n    }\n  }\n"): (typeof documents)["\n  query Accounts($includeInactive: Boolean!) {\n    accounts(includeInactive: $includeInactive) {\n      id\n      code\n      accountName\n      type\n      cashFlowClass\n      isActive\n      isSystem\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgedReceivables($asOf: String) {\n    agedReceivables(asOf: $asOf) {\n      asOf\n      total\n      creditBalance\n      net\n      totals {\n        current\n        days1to30\n        days31to60\n        days61to90\n        over90\n      }\n      clients {\n        clientId\n        clientName\n        total\n        creditBalance\n        buckets {\n          current\n          days1to30\n          days31to60\n          days61to90\n          over90\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AgedReceivables($asOf: String) {\n    agedReceivables(asOf: $asOf) {\n      asOf\n      total\n      creditBalance\n      net\n      totals {\n        current\n        days1to30\n        days31to60\n        days61to90\n        over90\n      }\n      clients {\n        clientId\n        clientName\n        total\n        creditBalance\n        buckets {\n          current\n          days1to30\n          days31to60\n          days61to90\n          over90\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BalanceSheet($asOf: String, $compare: ReportComparison) {\n    balanceSheet(asOf: $asOf, compare: $compare) {\n      ...BalanceSheetFields\n      comparison {\n        ...BalanceSheetFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query BalanceSheet($asOf: String, $compare: ReportComparison) {\n    balanceSheet(asOf: $asOf, compare: $compare) {\n      ...BalanceSheetFields\n      comparison {\n        ...BalanceSheetFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CashFlow($from: String, $to: String) {\n    cashFlow(from: $from, to: $to) {\n      from\n      to\n      netIncome\n      operatingAdjustments {\n        accountId\n        account\n        balance\n      }\n      cashFromOperations\n      investing {\n        accountId\n        account\n        balance\n      }\n      cashFromInvesting\n      financing {\n        accountId\n        account\n        balance\n      }\n      cashFromFinancing\n      netCashFlow\n      openingCash\n      closingCash\n    }\n  }\n"): (typeof documents)["\n  query CashFlow($from: String, $to: String) {\n    cashFlow(from: $from, to: $to) {\n      from\n      to\n      netIncome\n      operatingAdjustments {\n        accountId\n        account\n        balance\n      }\n      cashFromOperations\n      investing {\n        accountId\n        account\n        balance\n      }\n      cashFromInvesting\n      financing {\n        accountId\n        account\n        balance\n      }\n      cashFromFinancing\n      netCashFlow\n      openingCash\n      closingCash\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EcSalesList($from: String, $to: String) {\n    ecSalesList(from: $from, to: $to) {\n      from\n      to\n      total\n      rows {\n        country\n        vatNumber\n        services\n      }\n    }\n  }\n"): (typeof documents)["\n  query EcSalesList($from: String, $to: String) {\n    ecSalesList(from: $from, to: $to) {\n      from\n      to\n      total\n      rows {\n        country\n        vatNumber\n        services\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query IncomeStatement($from: String, $to: String, $compare: ReportComparison) {\n    incomeStatement(from: $from, to: $to, compare: $compare) {\n      ...IncomeStatementFields\n      comparison {\n        ...IncomeStatementFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query IncomeStatement($from: String, $to: String, $compare: ReportComparison) {\n    incomeStatement(from: $from, to: $to, compare: $compare) {\n      ...IncomeStatementFields\n      comparison {\n        ...IncomeStatementFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query IncomeStatementColumns($fiscalYear: Int, $quarterly: Boolean!) {\n    incomeStatementColumns(fiscalYear: $fiscalYear, quarterly: $quarterly) {\n      from\n      to\n      columns {\n        ...IncomeStatementFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query IncomeStatementColumns($fiscalYear: Int, $quarterly: Boolean!) {\n    incomeStatementColumns(fiscalYear: $fiscalYear, quarterly: $quarterly) {\n      from\n      to\n      columns {\n        ...IncomeStatementFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query JournalEntries($page: PageInput) {\n    journalEntries(page: $page) {\n      total\n      items {\n        id\n        date\n        description\n        source\n        sourceId\n        invoiceId\n        version\n        editable\n        lines {\n          accountId\n          accountName\n          debit\n          credit\n          vatCategory\n          vatRate\n          vatSettlement\n        }\n        singleLine {\n          accountId\n          accountName\n          debit\n          credit\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query JournalEntries($page: PageInput) {\n    journalEntries(page: $page) {\n      total\n      items {\n        id\n        date\n        description\n        source\n        sourceId\n        invoiceId\n        version\n        editable\n        lines {\n          accountId\n          accountName\n          debit\n          credit\n          vatCategory\n          vatRate\n          vatSettlement\n        }\n        singleLine {\n          accountId\n          accountName\n          debit\n          credit\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TrialBalance($asOf: String) {\n    trialBalance(asOf: $asOf) {\n      asOf\n      rows {\n        accountId\n        code\n        account\n        type\n        debit\n        credit\n      }\n      totalDebit\n      totalCredit\n    }\n  }\n"): (typeof documents)["\n  query TrialBalance($asOf: String) {\n    trialBalance(asOf: $asOf) {\n      asOf\n      rows {\n        accountId\n        code\n        account\n        type\n        debit\n        credit\n      }\n      totalDebit\n      totalCredit\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query VatReturn($from: String, $to: String) {\n    vatReturn(from: $from, to: $to) {\n      from\n      to\n      outputBase\n      outputVat\n      inputBase\n      inputVat\n      netVat\n      settlements\n      rows {\n        category\n        rate\n        outputBase\n        outputVat\n        inputBase\n        inputVat\n      }\n    }\n  }\n"): (typeof documents)["\n  query VatReturn($from: String, $to: String) {\n    vatReturn(from: $from, to: $to) {\n      from\n      to\n      outputBase\n      outputVat\n      inputBase\n      inputVat\n      netVat\n      settlements\n      rows {\n        category\n        rate\n        outputBase\n        outputVat\n        inputBase\n        inputVat\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BankMoneyAccountDefaults {\n    moneyAccountDefaults {\n      bank\n      manual\n      cash\n      other\n      payout\n    }\n  }\n"): (typeof documents)["\n  query BankMoneyAccountDefaults {\n    moneyAccountDefaults {\n      bank\n      manual\n      cash\n      other\n      payout\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateMoneyAccountDefaults($input: MoneyAccountDefaultsInput!) {\n    updateMoneyAccountDefaults(input: $input) {\n      bank\n      manual\n      cash\n      other\n      payout\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateMoneyAccountDefaults($input: MoneyAccountDefaultsInput!) {\n    updateMoneyAccountDefaults(input: $input) {\n      bank\n      manual\n      cash\n      other\n      payout\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BankMoneyAccounts {\n    moneyAccounts {\n      id\n      name\n      kind\n      iban\n      bic\n      isDefault\n      ledgerAccount {\n        id\n        code\n        name\n      }\n      ledgerBalance\n      version\n    }\n  }\n"): (typeof documents)["\n  query BankMoneyAccounts {\n    moneyAccounts {\n      id\n      name\n      kind\n      iban\n      bic\n      isDefault\n      ledgerAccount {\n        id\n        code\n        name\n      }\n      ledgerBalance\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateMoneyAccount($input: MoneyAccountInput!) {\n    createMoneyAccount(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateMoneyAccount($input: MoneyAccountInput!) {\n    createMoneyAccount(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateMoneyAccount($id: ID!, $input: MoneyAccountInput!) {\n    updateMoneyAccount(id: $id, input: $input) {\n      id\n      version\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateMoneyAccount($id: ID!, $input: MoneyAccountInput!) {\n    updateMoneyAccount(id: $id, input: $input) {\n      id\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteMoneyAccount($id: ID!) {\n    deleteMoneyAccount(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteMoneyAccount($id: ID!) {\n    deleteMoneyAccount(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminClientFields on Client {\n    id\n    name\n    email\n    phone\n    address\n    vatNumber\n    country\n    language\n    currency\n    remindersExcluded\n    createdAt\n    version\n    user {\n      id\n      username\n    }\n  }\n"): (typeof documents)["\n  fragment AdminClientFields on Client {\n    id\n    name\n    email\n    phone\n    address\n    vatNumber\n    country\n    language\n    currency\n    remindersExcluded\n    createdAt\n    version\n    user {\n      id\n      username\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ViesCheckFields on ViesCheck {\n    id\n    checkedAt\n    countryCode\n    vatNumber\n    valid\n    requestDate\n    requestIdentifier\n    name\n    address\n  }\n"): (typeof documents)["\n  fragment ViesCheckFields on ViesCheck {\n    id\n    checkedAt\n    countryCode\n    vatNumber\n    valid\n    requestDate\n    requestIdentifier\n    name\n    address\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApplyClientCredit($id: ID!, $input: ApplyCreditInput!) {\n    applyClientCredit(id: $id, input: $input) {\n      ...AdminInvoiceFields\n    }\n  }\n"): (typeof documents)["\n  mutation ApplyClientCredit($id: ID!, $input: ApplyCreditInput!) {\n    applyClientCredit(id: $id, input: $input) {\n      ...AdminInvoiceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CheckClientVies($id: ID!) {\n    checkClientVies(id: $id) {\n      ...ViesCheckFields\n    }\n  }\n"): (typeof documents)["\n  mutation CheckClientVies($id: ID!) {\n    checkClientVies(id: $id) {\n      ...ViesCheckFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateClient($input: ClientInput!) {\n    createClient(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateClient($input: ClientInput!) {\n    createClient(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateClientUser($id: ID!) {\n    createClientUser(id: $id) {\n      username\n      password\n    }\n  }\n"): (typeof documents)["\n  mutation CreateClientUser($id: ID!) {\n    createClientUser(id: $id) {\n      username\n      password\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteClient($id: ID!) {\n    deleteClient(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteClient($id: ID!) {\n    deleteClient(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetClientUserPassword($id: ID!) {\n    resetClientUserPassword(id: $id) {\n      username\n      password\n    }\n  }\n"): (typeof documents)["\n  mutation ResetClientUserPassword($id: ID!) {\n    resetClientUserPassword(id: $id) {\n      username\n      password\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateClient($id: ID!, $input: ClientInput!) {\n    updateClient(id: $id, input: $input) {\n      id\n      version\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateClient($id: ID!, $input: ClientInput!) {\n    updateClient(id: $id, input: $input) {\n      id\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ClientDetail($id: ID!) {\n    client(id: $id) {\n      ...AdminClientFields\n      creditBalance\n      subscriptions {\n        ...AdminSubscriptionFields\n      }\n      invoices {\n        ...AdminInvoiceFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query ClientDetail($id: ID!) {\n    client(id: $id) {\n      ...AdminClientFields\n      creditBalance\n      subscriptions {\n        ...AdminSubscriptionFields\n      }\n      invoices {\n        ...AdminInvoiceFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ClientDocuments($clientId: ID!) {\n    invoices(clientId: $clientId, page: { offset: 0, limit: 1 }) {\n      total\n    }\n    subscriptions(clientId: $clientId, page: { offset: 0, limit: 1 }) {\n      total\n    }\n  }\n"): (typeof documents)["\n  query ClientDocuments($clientId: ID!) {\n    invoices(clientId: $clientId, page: { offset: 0, limit: 1 }) {\n      total\n    }\n    subscriptions(clientId: $clientId, page: { offset: 0, limit: 1 }) {\n      total\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ClientOptions($search: String) {\n    clients(page: { offset: 0, limit: 50 }, search: $search) {\n      items {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query ClientOptions($search: String) {\n    clients(page: { offset: 0, limit: 50 }, search: $search) {\n      items {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ClientVies($id: ID!) {\n    viesEnabled\n    client(id: $id) {\n      id\n      viesChecks {\n        ...ViesCheckFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query ClientVies($id: ID!) {\n    viesEnabled\n    client(id: $id) {\n      id\n      viesChecks {\n        ...ViesCheckFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminClients($page: PageInput, $search: String) {\n    clients(page: $page, search: $search) {\n      total\n      items {\n        ...AdminClientFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminClients($page: PageInput, $search: String) {\n    clients(page: $page, search: $search) {\n      total\n      items {\n        ...AdminClientFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation IssueCreditNote($invoiceId: ID!, $input: CreditNoteInput!) {\n    issueCreditNote(invoiceId: $invoiceId, input: $input) {\n      id\n      creditNoteNumber\n      totalAmount\n    }\n  }\n"): (typeof documents)["\n  mutation IssueCreditNote($invoiceId: ID!, $input: CreditNoteInput!) {\n    issueCreditNote(invoiceId: $invoiceId, input: $input) {\n      id\n      creditNoteNumber\n      totalAmount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminCreditNotes($clientId: ID, $invoiceId: ID) {\n    creditNotes(clientId: $clientId, invoiceId: $invoiceId) {\n      id\n      creditNoteNumber\n      date\n      reason\n      full\n      clientId\n      clientName\n      totalAmount\n      currency\n      invoice {\n        id\n        invoiceNumber\n        date\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminCreditNotes($clientId: ID, $invoiceId: ID) {\n    creditNotes(clientId: $clientId, invoiceId: $invoiceId) {\n      id\n      creditNoteNumber\n      date\n      reason\n      full\n      clientId\n      clientName\n      totalAmount\n      currency\n      invoice {\n        id\n        invoiceNumber\n        date\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InvoiceEventHistory($id: ID!) {\n    invoiceEventHistory(id: $id) {\n      revision\n      type\n      actor\n      actorName\n      recordedAt\n      data\n    }\n  }\n"): (typeof documents)["\n  query InvoiceEventHistory($id: ID!) {\n    invoiceEventHistory(id: $id) {\n      revision\n      type\n      actor\n      actorName\n      recordedAt\n      data\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query JournalEntryHistory($id: ID!) {\n    journalEntryHistory(id: $id) {\n      revision\n      type\n      actor\n      actorName\n      recordedAt\n      data\n    }\n  }\n"): (typeof documents)["\n  query JournalEntryHistory($id: ID!) {\n    journalEntryHistory(id: $id) {\n      revision\n      type\n      actor\n      actorName\n      recordedAt\n      data\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkContactMessageHandled($id: ID!, $handled: Boolean!) {\n    markContactMessageHandled(id: $id, handled: $handled) {\n      id\n      handled\n      handledAt\n    }\n  }\n"): (typeof documents)["\n  mutation MarkContactMessageHandled($id: ID!, $handled: Boolean!) {\n    markContactMessageHandled(id: $id, handled: $handled) {\n      id\n      handled\n      handledAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkDemoRequestHandled($id: ID!, $handled: Boolean!) {\n    markDemoRequestHandled(id: $id, handled: $handled) {\n      id\n      handled\n      handledAt\n    }\n  }\n"): (typeof documents)["\n  mutation MarkDemoRequestHandled($id: ID!, $handled: Boolean!) {\n    markDemoRequestHandled(id: $id, handled: $handled) {\n      id\n      handled\n      handledAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkPaymentAlertHandled($id: ID!, $handled: Boolean!) {\n    markPaymentAlertHandled(id: $id, handled: $handled)\n  }\n"): (typeof documents)["\n  mutation MarkPaymentAlertHandled($id: ID!, $handled: Boolean!) {\n    markPaymentAlertHandled(id: $id, handled: $handled)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ContactMessages($handled: Boolean, $offset: Int!, $limit: Int!) {\n    contactMessages(handled: $handled, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        name\n        email\n        subject\n        message\n        language\n        handled\n        handledAt\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query ContactMessages($handled: Boolean, $offset: Int!, $limit: Int!) {\n    contactMessages(handled: $handled, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        name\n        email\n        subject\n        message\n        language\n        handled\n        handledAt\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DemoRequests($handled: Boolean, $offset: Int!, $limit: Int!) {\n    demoRequests(handled: $handled, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        name\n        email\n        company\n        date\n        time\n        message\n        language\n        handled\n        handledAt\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query DemoRequests($handled: Boolean, $offset: Int!, $limit: Int!) {\n    demoRequests(handled: $handled, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        name\n        email\n        company\n        date\n        time\n        message\n        language\n        handled\n        handledAt\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InboxCounts {\n    inboxCounts {\n      unhandledContactMessages\n      unhandledDemoRequests\n    }\n    unhandledPaymentAlerts: paymentAlerts(handled: false, limit: 1) {\n      total\n    }\n  }\n"): (typeof documents)["\n  query InboxCounts {\n    inboxCounts {\n      unhandledContactMessages\n      unhandledDemoRequests\n    }\n    unhandledPaymentAlerts: paymentAlerts(handled: false, limit: 1) {\n      total\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PaymentAlerts($handled: Boolean, $offset: Int!, $limit: Int!) {\n    paymentAlerts(handled: $handled, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        invoiceId\n        invoiceNumber\n        clientId\n        clientName\n        reason\n        amount\n        refundedAmount\n        date\n        postedOn\n        reference\n        recordedAt\n        handled\n        handledAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query PaymentAlerts($handled: Boolean, $offset: Int!, $limit: Int!) {\n    paymentAlerts(handled: $handled, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        invoiceId\n        invoiceNumber\n        clientId\n        clientName\n        reason\n        amount\n        refundedAmount\n        date\n        postedOn\n        reference\n        recordedAt\n        handled\n        handledAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ApiTokenFields on ApiToken {\n    id\n    name\n    scope\n    areas\n    prefix\n    createdAt\n    expiresAt\n    lastUsedAt\n    revokedAt\n  }\n"): (typeof documents)["\n  fragment ApiTokenFields on ApiToken {\n    id\n    name\n    scope\n    areas\n    prefix\n    createdAt\n    expiresAt\n    lastUsedAt\n    revokedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WebhookDeliveryFields on WebhookDelivery {\n    id\n    sequence\n    eventId\n    eventType\n    status\n    attempts\n    nextAttemptAt\n    createdAt\n    deliveredAt\n    payload\n    log {\n      at\n      statusCode\n      error\n      durationMs\n    }\n  }\n"): (typeof documents)["\n  fragment WebhookDeliveryFields on WebhookDelivery {\n    id\n    sequence\n    eventId\n    eventType\n    status\n    attempts\n    nextAttemptAt\n    createdAt\n    deliveredAt\n    payload\n    log {\n      at\n      statusCode\n      error\n      durationMs\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WebhookEndpointFields on WebhookEndpoint {\n    id\n    url\n    description\n    events\n    enabled\n    disabledReason\n    disabledBy\n    lastFailure\n    createdAt\n  }\n"): (typeof documents)["\n  fragment WebhookEndpointFields on WebhookEndpoint {\n    id\n    url\n    description\n    events\n    enabled\n    disabledReason\n    disabledBy\n    lastFailure\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiToken($input: ApiTokenInput!) {\n    createApiToken(input: $input) {\n      apiToken {\n        ...ApiTokenFields\n      }\n      token\n    }\n  }\n"): (typeof documents)["\n  mutation CreateApiToken($input: ApiTokenInput!) {\n    createApiToken(input: $input) {\n      apiToken {\n        ...ApiTokenFields\n      }\n      token\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWebhookEndpoint($input: WebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      endpoint {\n        ...WebhookEndpointFields\n      }\n      secret\n    }\n  }\n"): (typeof documents)["\n  mutation CreateWebhookEndpoint($input: WebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      endpoint {\n        ...WebhookEndpointFields\n      }\n      secret\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReplayWebhookDelivery($endpointId: ID!, $deliveryId: ID!) {\n    replayWebhookDelivery(endpointId: $endpointId, deliveryId: $deliveryId) {\n      ...WebhookDeliveryFields\n    }\n  }\n"): (typeof documents)["\n  mutation ReplayWebhookDelivery($endpointId: ID!, $deliveryId: ID!) {\n    replayWebhookDelivery(endpointId: $endpointId, deliveryId: $deliveryId) {\n      ...WebhookDeliveryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiToken($id: ID!) {\n    revokeApiToken(id: $id) {\n      ...ApiTokenFields\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeApiToken($id: ID!) {\n    revokeApiToken(id: $id) {\n      ...ApiTokenFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateWebhookEndpoint($id: ID!, $input: WebhookEndpointInput!) {\n    updateWebhookEndpoint(id: $id, input: $input) {\n      ...WebhookEndpointFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateWebhookEndpoint($id: ID!, $input: WebhookEndpointInput!) {\n    updateWebhookEndpoint(id: $id, input: $input) {\n      ...WebhookEndpointFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiTokens {\n    apiTokens {\n      ...ApiTokenFields\n    }\n  }\n"): (typeof documents)["\n  query ApiTokens {\n    apiTokens {\n      ...ApiTokenFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookDeliveries($endpointId: ID!, $limit: Int, $before: Int) {\n    webhookDeliveries(endpointId: $endpointId, limit: $limit, before: $before) {\n      ...WebhookDeliveryFields\n    }\n  }\n"): (typeof documents)["\n  query WebhookDeliveries($endpointId: ID!, $limit: Int, $before: Int) {\n    webhookDeliveries(endpointId: $endpointId, limit: $limit, before: $before) {\n      ...WebhookDeliveryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookEndpoints {\n    webhookEndpoints {\n      ...WebhookEndpointFields\n    }\n  }\n"): (typeof documents)["\n  query WebhookEndpoints {\n    webhookEndpoints {\n      ...WebhookEndpointFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminInvoiceFields on Invoice {\n    id\n    client {\n      id\n      name\n    }\n    invoiceNumber\n    date\n    dueDate\n    paid\n    sent\n    currency\n    totalAmount\n    openAmount\n    paidAmount\n    creditedAmount\n    issued\n    cancelled\n    writtenOff\n    writtenOffAmount\n    writtenOffOn\n    recoveredAmount\n    reverseCharge\n    version\n    items {\n      description\n      quantity\n      unitPrice\n      vatRate\n      vatCategory\n      vatExemptionReason\n      productId\n    }\n  }\n"): (typeof documents)["\n  fragment AdminInvoiceFields on Invoice {\n    id\n    client {\n      id\n      name\n    }\n    invoiceNumber\n    date\n    dueDate\n    paid\n    sent\n    currency\n    totalAmount\n    openAmount\n    paidAmount\n    creditedAmount\n    issued\n    cancelled\n    writtenOff\n    writtenOffAmount\n    writtenOffOn\n    recoveredAmount\n    reverseCharge\n    version\n    items {\n      description\n      quantity\n      unitPrice\n      vatRate\n      vatCategory\n      vatExemptionReason\n      productId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateInvoice($input: InvoiceInput!) {\n    createInvoice(input: $input) {\n      ...AdminInvoiceFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateInvoice($input: InvoiceInput!) {\n    createInvoice(input: $input) {\n      ...AdminInvoiceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteInvoice($id: ID!) {\n    deleteInvoice(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteInvoice($id: ID!) {\n    deleteInvoice(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation GenerateRecurringInvoices {\n    generateRecurringInvoices {\n      created\n      skipped\n      subscriptions\n    }\n  }\n"): (typeof documents)["\n  mutation GenerateRecurringInvoices {\n    generateRecurringInvoices {\n      created\n      skipped\n      subscriptions\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkInvoicePaid($id: ID!) {\n    markInvoicePaid(id: $id) {\n      ...AdminInvoiceFields\n    }\n  }\n"): (typeof documents)["\n  mutation MarkInvoicePaid($id: ID!) {\n    markInvoicePaid(id: $id) {\n      ...AdminInvoiceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RecordInvoicePayment($invoiceId: ID!, $input: InvoicePaymentInput!) {\n    recordInvoicePayment(invoiceId: $invoiceId, input: $input) {\n      ...AdminInvoiceFields\n    }\n  }\n"): (typeof documents)["\n  mutation RecordInvoicePayment($invoiceId: ID!, $input: InvoicePaymentInput!) {\n    recordInvoicePayment(invoiceId: $invoiceId, input: $input) {\n      ...AdminInvoiceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendInvoice($id: ID!) {\n    sendInvoice(id: $id) {\n      ...AdminInvoiceFields\n    }\n  }\n"): (typeof documents)["\n  mutation SendInvoice($id: ID!) {\n    sendInvoice(id: $id) {\n      ...AdminInvoiceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateInvoice($id: ID!, $input: InvoiceInput!) {\n    updateInvoice(id: $id, input: $input) {\n      ...AdminInvoiceFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateInvoice($id: ID!, $input: InvoiceInput!) {\n    updateInvoice(id: $id, input: $input) {\n      ...AdminInvoiceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation WriteOffInvoice($id: ID!, $input: WriteOffInvoiceInput!) {\n    writeOffInvoice(id: $id, input: $input) {\n      ...AdminInvoiceFields\n    }\n  }\n"): (typeof documents)["\n  mutation WriteOffInvoice($id: ID!, $input: WriteOffInvoiceInput!) {\n    writeOffInvoice(id: $id, input: $input) {\n      ...AdminInvoiceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DepositAccounts {\n    moneyAccounts {\n      id\n      name\n      kind\n      isDefault\n    }\n    moneyAccountDefaults {\n      bank\n      cash\n      other\n    }\n  }\n"): (typeof documents)["\n  query DepositAccounts {\n    moneyAccounts {\n      id\n      name\n      kind\n      isDefault\n    }\n    moneyAccountDefaults {\n      bank\n      cash\n      other\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminInvoice($id: ID!) {\n    invoice(id: $id) {\n      ...AdminInvoiceFields\n    }\n  }\n"): (typeof documents)["\n  query AdminInvoice($id: ID!) {\n    invoice(id: $id) {\n      ...AdminInvoiceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InvoiceParties($clientId: ID!) {\n    client(id: $clientId) {\n      id\n      country\n      vatNumber\n      currency\n    }\n    companySettings {\n      country\n    }\n  }\n"): (typeof documents)["\n  query InvoiceParties($clientId: ID!) {\n    client(id: $clientId) {\n      id\n      country\n      vatNumber\n      currency\n    }\n    companySettings {\n      country\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminInvoices($page: PageInput, $clientId: ID, $status: InvoicePaidFilter, $overdue: Boolean) {\n    invoices(page: $page, clientId: $clientId, status: $status, overdue: $overdue) {\n      total\n      items {\n        ...AdminInvoiceFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminInvoices($page: PageInput, $clientId: ID, $status: InvoicePaidFilter, $overdue: Boolean) {\n    invoices(page: $page, clientId: $clientId, status: $status, overdue: $overdue) {\n      total\n      items {\n        ...AdminInvoiceFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MyDataSettingsFields on MyDataSettings {\n    configured\n    endpoint\n    classifications {\n      invoiceType\n      chosen {\n        type\n        category\n        categoryName\n      }\n      accepted {\n        type\n        category\n        categoryName\n      }\n    }\n    products {\n      productId\n      name\n      classifications {\n        invoiceType\n        classification {\n          type\n          category\n          categoryName\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment MyDataSettingsFields on MyDataSettings {\n    configured\n    endpoint\n    classifications {\n      invoiceType\n      chosen {\n        type\n        category\n        categoryName\n      }\n      accepted {\n        type\n        category\n        categoryName\n      }\n    }\n    products {\n      productId\n      name\n      classifications {\n        invoiceType\n        classification {\n          type\n          category\n          categoryName\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MyDataTransmissionFields on MyDataTransmission {\n    documentId\n    kind\n    status\n    configured\n    mark\n    uid\n    qrUrl\n    authenticationCode\n    invoiceType\n    number\n    transmittedAt\n    attempts\n    errors {\n      code\n      message\n    }\n    history {\n      at\n      action\n      outcome\n      detail\n      actor\n    }\n  }\n"): (typeof documents)["\n  fragment MyDataTransmissionFields on MyDataTransmission {\n    documentId\n    kind\n    status\n    configured\n    mark\n    uid\n    qrUrl\n    authenticationCode\n    invoiceType\n    number\n    transmittedAt\n    attempts\n    errors {\n      code\n      message\n    }\n    history {\n      at\n      action\n      outcome\n      detail\n      actor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendToMyDataAgain($documentId: ID!) {\n    sendToMyDataAgain(documentId: $documentId) {\n      ...MyDataTransmissionFields\n    }\n  }\n"): (typeof documents)["\n  mutation SendToMyDataAgain($documentId: ID!) {\n    sendToMyDataAgain(documentId: $documentId) {\n      ...MyDataTransmissionFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetMyDataClassifications($input: MyDataSettingsInput!) {\n    setMyDataClassifications(input: $input) {\n      ...MyDataSettingsFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetMyDataClassifications($input: MyDataSettingsInput!) {\n    setMyDataClassifications(input: $input) {\n      ...MyDataSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyDataFailures {\n    myDataFailures {\n      documentId\n      kind\n      invoiceId\n      number\n      errors {\n        code\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  query MyDataFailures {\n    myDataFailures {\n      documentId\n      kind\n      invoiceId\n      number\n      errors {\n        code\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyDataSettings {\n    myDataSettings {\n      ...MyDataSettingsFields\n    }\n  }\n"): (typeof documents)["\n  query MyDataSettings {\n    myDataSettings {\n      ...MyDataSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyDataTransmission($documentId: ID!) {\n    myDataTransmission(documentId: $documentId) {\n      ...MyDataTransmissionFields\n    }\n  }\n"): (typeof documents)["\n  query MyDataTransmission($documentId: ID!) {\n    myDataTransmission(documentId: $documentId) {\n      ...MyDataTransmissionFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RebuildProjection($name: String!) {\n    rebuildProjection(name: $name) {\n      name\n      caughtUp\n      durationMs\n    }\n  }\n"): (typeof documents)["\n  mutation RebuildProjection($name: String!) {\n    rebuildProjection(name: $name) {\n      name\n      caughtUp\n      durationMs\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProjectionStatus {\n    projectionStatus {\n      name\n      kind\n      position\n      lag\n      lagCapped\n      state\n      eventsProcessed\n      updatedAt\n      lastError\n      rebuildable\n      skipped\n      skippedResolved\n      skippedEvents {\n        eventId\n        position\n        streamId\n        eventType\n        error\n        skippedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query ProjectionStatus {\n    projectionStatus {\n      name\n      kind\n      position\n      lag\n      lagCapped\n      state\n      eventsProcessed\n      updatedAt\n      lastError\n      rebuildable\n      skipped\n      skippedResolved\n      skippedEvents {\n        eventId\n        position\n        streamId\n        eventType\n        error\n        skippedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminOverview($recentPayments: Int!) {\n    adminOverview(recentPayments: $recentPayments) {\n      today\n      receivables\n      unpaidCount\n      overdueCount\n      overdueAmount\n      revenueMonth\n      revenueYear\n      recentPayments {\n        paymentId\n        invoiceId\n        invoiceNumber\n        clientId\n        clientName\n        amount\n        date\n        method\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminOverview($recentPayments: Int!) {\n    adminOverview(recentPayments: $recentPayments) {\n      today\n      receivables\n      unpaidCount\n      overdueCount\n      overdueAmount\n      revenueMonth\n      revenueYear\n      recentPayments {\n        paymentId\n        invoiceId\n        invoiceNumber\n        clientId\n        clientName\n        amount\n        date\n        method\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OverviewCharts {\n    monthlyTrends {\n      month\n      invoiced\n      collected\n      cashBalance\n    }\n    agedReceivables {\n      totals {\n        current\n        days1to30\n        days31to60\n        days61to90\n        over90\n      }\n    }\n  }\n"): (typeof documents)["\n  query OverviewCharts {\n    monthlyTrends {\n      month\n      invoiced\n      collected\n      cashBalance\n    }\n    agedReceivables {\n      totals {\n        current\n        days1to30\n        days31to60\n        days61to90\n        over90\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminPaymentFields on Payment {\n    id\n    amount\n    amountCents\n    date\n    method\n    reference\n    refundedAmount\n    disputedAmount\n    disputeStatus\n    fee\n    depositedTo {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  fragment AdminPaymentFields on Payment {\n    id\n    amount\n    amountCents\n    date\n    method\n    reference\n    refundedAmount\n    disputedAmount\n    disputeStatus\n    fee\n    depositedTo {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RefundPayment($paymentId: ID!, $input: RefundPaymentInput!) {\n    refundPayment(paymentId: $paymentId, input: $input) {\n      ...AdminInvoiceFields\n      payments {\n        ...AdminPaymentFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RefundPayment($paymentId: ID!, $input: RefundPaymentInput!) {\n    refundPayment(paymentId: $paymentId, input: $input) {\n      ...AdminInvoiceFields\n      payments {\n        ...AdminPaymentFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminInvoicePayments($id: ID!) {\n    invoice(id: $id) {\n      ...AdminInvoiceFields\n      payments {\n        ...AdminPaymentFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminInvoicePayments($id: ID!) {\n    invoice(id: $id) {\n      ...AdminInvoiceFields\n      payments {\n        ...AdminPaymentFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateProduct($input: ProductInput!) {\n    createProduct(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateProduct($input: ProductInput!) {\n    createProduct(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteProduct($id: ID!) {\n    deleteProduct(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteProduct($id: ID!) {\n    deleteProduct(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProduct($id: ID!, $input: ProductInput!) {\n    updateProduct(id: $id, input: $input) {\n      id\n      version\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProduct($id: ID!, $input: ProductInput!) {\n    updateProduct(id: $id, input: $input) {\n      id\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminProducts {\n    products {\n      id\n      name\n      price\n      billingCycle\n      vatRate\n      version\n    }\n  }\n"): (typeof documents)["\n  query AdminProducts {\n    products {\n      id\n      name\n      price\n      billingCycle\n      vatRate\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CompanySettingsFields on CompanySettings {\n    name\n    address\n    phone\n    email\n    registrationNumber\n    vatNumber\n    jurisdiction\n    country\n    iban\n    bic\n    standardVatRate\n    reminderDays\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment CompanySettingsFields on CompanySettings {\n    name\n    address\n    phone\n    email\n    registrationNumber\n    vatNumber\n    jurisdiction\n    country\n    iban\n    bic\n    standardVatRate\n    reminderDays\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CloseFiscalYear($fiscalYear: Int!) {\n    closeFiscalYear(fiscalYear: $fiscalYear) {\n      lockedThrough\n    }\n  }\n"): (typeof documents)["\n  mutation CloseFiscalYear($fiscalYear: Int!) {\n    closeFiscalYear(fiscalYear: $fiscalYear) {\n      lockedThrough\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReopenFiscalYear($fiscalYear: Int!, $reason: String!) {\n    reopenFiscalYear(fiscalYear: $fiscalYear, reason: $reason) {\n      lockedThrough\n    }\n  }\n"): (typeof documents)["\n  mutation ReopenFiscalYear($fiscalYear: Int!, $reason: String!) {\n    reopenFiscalYear(fiscalYear: $fiscalYear, reason: $reason) {\n      lockedThrough\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetBooksLock($lockedThrough: String) {\n    setBooksLock(lockedThrough: $lockedThrough) {\n      lockedThrough\n    }\n  }\n"): (typeof documents)["\n  mutation SetBooksLock($lockedThrough: String) {\n    setBooksLock(lockedThrough: $lockedThrough) {\n      lockedThrough\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetFiscalYearStartMonth($month: Int!) {\n    setFiscalYearStartMonth(month: $month) {\n      fiscalYearStartMonth\n    }\n  }\n"): (typeof documents)["\n  mutation SetFiscalYearStartMonth($month: Int!) {\n    setFiscalYearStartMonth(month: $month) {\n      fiscalYearStartMonth\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateCompanySettings($input: CompanySettingsInput!) {\n    updateCompanySettings(input: $input) {\n      ...CompanySettingsFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateCompanySettings($input: CompanySettingsInput!) {\n    updateCompanySettings(input: $input) {\n      ...CompanySettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AccountingSettings {\n    accountingSettings {\n      lockedThrough\n      unreconciledLinesThroughLock\n      fiscalYearStartMonth\n      currentFiscalYear {\n        from\n        to\n      }\n      closedYears {\n        from\n        to\n      }\n    }\n  }\n"): (typeof documents)["\n  query AccountingSettings {\n    accountingSettings {\n      lockedThrough\n      unreconciledLinesThroughLock\n      fiscalYearStartMonth\n      currentFiscalYear {\n        from\n        to\n      }\n      closedYears {\n        from\n        to\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CompanyCountry {\n    companySettings {\n      country\n    }\n  }\n"): (typeof documents)["\n  query CompanyCountry {\n    companySettings {\n      country\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CompanySettings {\n    companySettings {\n      ...CompanySettingsFields\n    }\n  }\n"): (typeof documents)["\n  query CompanySettings {\n    companySettings {\n      ...CompanySettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query StandardVatRate {\n    companySettings {\n      standardVatRate\n    }\n  }\n"): (typeof documents)["\n  query StandardVatRate {\n    companySettings {\n      standardVatRate\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminSubscriptionFields on Subscription {\n    id\n    client {\n      id\n      name\n    }\n    product {\n      id\n      name\n      billingCycle\n      price\n    }\n    startDate\n    status\n    autoGenerateInvoices\n    invoicedUntil\n    nextBillingDate\n    invoiceStatus\n    version\n  }\n"): (typeof documents)["\n  fragment AdminSubscriptionFields on Subscription {\n    id\n    client {\n      id\n      name\n    }\n    product {\n      id\n      name\n      billingCycle\n      price\n    }\n    startDate\n    status\n    autoGenerateInvoices\n    invoicedUntil\n    nextBillingDate\n    invoiceStatus\n    version\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSubscription($input: SubscriptionInput!) {\n    createSubscription(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateSubscription($input: SubscriptionInput!) {\n    createSubscription(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSubscriptionInvoice($id: ID!) {\n    createSubscriptionInvoice(id: $id) {\n      id\n      invoiceNumber\n    }\n  }\n"): (typeof documents)["\n  mutation CreateSubscriptionInvoice($id: ID!) {\n    createSubscriptionInvoice(id: $id) {\n      id\n      invoiceNumber\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteSubscription($id: ID!) {\n    deleteSubscription(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteSubscription($id: ID!) {\n    deleteSubscription(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSubscription($id: ID!, $input: SubscriptionInput!) {\n    updateSubscription(id: $id, input: $input) {\n      id\n      version\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateSubscription($id: ID!, $input: SubscriptionInput!) {\n    updateSubscription(id: $id, input: $input) {\n      id\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminSubscriptions($page: PageInput, $clientId: ID, $status: SubscriptionStatus) {\n    subscriptions(page: $page, clientId: $clientId, status: $status) {\n      total\n      items {\n        ...AdminSubscriptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminSubscriptions($page: PageInput, $clientId: ID, $status: SubscriptionStatus) {\n    subscriptions(page: $page, clientId: $clientId, status: $status) {\n      total\n      items {\n        ...AdminSubscriptionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSupplier($input: SupplierInput!) {\n    createSupplier(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateSupplier($input: SupplierInput!) {\n    createSupplier(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteSupplier($id: ID!) {\n    deleteSupplier(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteSupplier($id: ID!) {\n    deleteSupplier(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSupplier($id: ID!, $input: SupplierInput!) {\n    updateSupplier(id: $id, input: $input) {\n      id\n      version\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateSupplier($id: ID!, $input: SupplierInput!) {\n    updateSupplier(id: $id, input: $input) {\n      id\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SupplierDefaults {\n    companySettings {\n      country\n    }\n  }\n"): (typeof documents)["\n  query SupplierDefaults {\n    companySettings {\n      country\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminSuppliers {\n    suppliers {\n      id\n      name\n      vatNumber\n      country\n      address\n      iban\n      defaultAccountId\n      defaultVatRate\n      paymentTermsDays\n      version\n    }\n  }\n"): (typeof documents)["\n  query AdminSuppliers {\n    suppliers {\n      id\n      name\n      vatNumber\n      country\n      address\n      iban\n      defaultAccountId\n      defaultVatRate\n      paymentTermsDays\n      version\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;