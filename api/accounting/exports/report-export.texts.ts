import { mailLanguage } from '../../platform/mail/language';

/** The words of the report exports (PDF and XLSX), in the reader's language. */
export interface ReportExportLabels {
  company: string;
  period: string;
  asOf: string;
  generated: string;
  comparedWith: string;
  account: string;
  code: string;
  amount: string;
  total: string;
  titles: { incomeStatement: string; balanceSheet: string; cashFlow: string; trialBalance: string; accountLedger: string; agedReceivables: string; agedPayables: string; journal: string; vatReturn: string; ecSalesList: string };
  ecSales: { country: string; vatNumber: string; services: string; unknown: string };
  vat: { category: string; rate: string; outputBase: string; outputVat: string; inputBase: string; inputVat: string; totals: string; net: string; settlements: string; unclassified: string };
  income: { revenues: string; expenses: string; totalRevenue: string; totalExpenses: string; netIncome: string };
  balance: { assets: string; liabilities: string; equity: string; totalAssets: string; totalLiabilities: string; totalEquity: string; totalLiabilitiesAndEquity: string; currentEarnings: string; priorEarnings: string; customerCredit: string };
  cashFlow: { openingCash: string; operating: string; netIncome: string; cashFromOperations: string; investing: string; cashFromInvesting: string; financing: string; cashFromFinancing: string; netCashFlow: string; closingCash: string };
  trial: { debit: string; credit: string; totals: string; preClosing: string };
  ledger: { date: string; description: string; source: string; debit: string; credit: string; balance: string; opening: string; closing: string };
  aging: { client: string; current: string; days1to30: string; days31to60: string; days61to90: string; over90: string; total: string; creditBalance: string; net: string; noClient: string; supplier: string; netPayables: string; noSupplier: string };
  journal: {
    date: string; entry: string; entryDescription: string; status: string; version: string; kind: string; line: string; accountCode: string; account: string;
    debit: string; credit: string; description: string; source: string; sourceId: string; document: string; invoiceId: string; eventId: string; author: string; recordedAt: string;
  };
}

const labels: Record<'en' | 'el' | 'ru', ReportExportLabels> = {
  en: {
    company: 'Company', period: 'Period', asOf: 'As of', generated: 'Generated', comparedWith: 'Compared with', account: 'Account', code: 'Code', amount: 'Amount', total: 'Total',
    titles: { incomeStatement: 'Income statement', balanceSheet: 'Balance sheet', cashFlow: 'Cash flow statement', trialBalance: 'Trial balance', accountLedger: 'Account ledger', agedReceivables: 'Aged receivables', agedPayables: 'Aged payables', journal: 'Journal' , vatReturn: 'VAT return', ecSalesList: 'EC Sales List' },
    ecSales: { country: 'Member state', vatNumber: 'Customer VAT number', services: 'Services (reverse charge)', unknown: 'Buyer not recorded' },
    vat: { category: 'VAT category', rate: 'Rate', outputBase: 'Sales (taxable base)', outputVat: 'Output VAT', inputBase: 'Purchases (taxable base)', inputVat: 'Input VAT', totals: 'Totals', net: 'Net VAT payable (output − input)', settlements: 'Settled with the tax authority (not in the net)', unclassified: 'Unclassified' },
    income: { revenues: 'Revenues', expenses: 'Expenses', totalRevenue: 'Total revenue', totalExpenses: 'Total expenses', netIncome: 'Net income' },
    balance: { assets: 'Assets', liabilities: 'Liabilities', equity: 'Equity', totalAssets: 'Total assets', totalLiabilities: 'Total liabilities', totalEquity: 'Total equity', totalLiabilitiesAndEquity: 'Total liabilities and equity', currentEarnings: 'Current period earnings', priorEarnings: 'Retained earnings from prior years', customerCredit: 'Customer credit balances' },
    cashFlow: { openingCash: 'Cash at the start of the period', operating: 'Operating activities', netIncome: 'Net income', cashFromOperations: 'Cash from operations', investing: 'Investing activities', cashFromInvesting: 'Cash from investing', financing: 'Financing activities', cashFromFinancing: 'Cash from financing', netCashFlow: 'Net cash flow', closingCash: 'Cash at the end of the period' },
    trial: { debit: 'Debit', credit: 'Credit', totals: 'Totals', preClosing: 'before the year-end closing entry' },
    ledger: { date: 'Date', description: 'Description', source: 'Source', debit: 'Debit', credit: 'Credit', balance: 'Balance', opening: 'Opening balance', closing: 'Closing balance' },
    aging: { client: 'Client', current: 'Current', days1to30: '1–30 days', days31to60: '31–60 days', days61to90: '61–90 days', over90: 'Over 90 days', total: 'Total', creditBalance: 'Credit balance', net: 'Net (Accounts Receivable)', noClient: 'Without a client', supplier: 'Supplier', netPayables: 'Net (Accounts Payable)', noSupplier: 'Without a bill' },
    journal: {
      date: 'Date', entry: 'Entry', entryDescription: 'Entry description', status: 'Entry status', version: 'Version', kind: 'Kind', line: 'Line', accountCode: 'Account code', account: 'Account',
      debit: 'Debit', credit: 'Credit', description: 'Line description', source: 'Source', sourceId: 'Source id', document: 'Document', invoiceId: 'Invoice id', eventId: 'Event id', author: 'Author', recordedAt: 'Recorded at',
    },
  },
  el: {
    company: 'Εταιρεία', period: 'Περίοδος', asOf: 'Κατά την', generated: 'Δημιουργήθηκε', comparedWith: 'Σε σύγκριση με', account: 'Λογαριασμός', code: 'Κωδικός', amount: 'Ποσό', total: 'Σύνολο',
    titles: { incomeStatement: 'Κατάσταση αποτελεσμάτων', balanceSheet: 'Ισολογισμός', cashFlow: 'Κατάσταση ταμειακών ροών', trialBalance: 'Ισοζύγιο', accountLedger: 'Καρτέλα λογαριασμού', agedReceivables: 'Ενηλικίωση απαιτήσεων', agedPayables: 'Ενηλικίωση υποχρεώσεων', journal: 'Ημερολόγιο' , vatReturn: 'Δήλωση ΦΠΑ', ecSalesList: 'Ανακεφαλαιωτικός πίνακας ενδοκοινοτικών συναλλαγών (VIES)' },
    ecSales: { country: 'Κράτος μέλος', vatNumber: 'ΑΦΜ πελάτη', services: 'Υπηρεσίες (αντίστροφη επιβάρυνση)', unknown: 'Χωρίς στοιχεία αγοραστή' },
    vat: { category: 'Κατηγορία ΦΠΑ', rate: 'Συντελεστής', outputBase: 'Πωλήσεις (φορολογητέα αξία)', outputVat: 'ΦΠΑ εκροών', inputBase: 'Αγορές (φορολογητέα αξία)', inputVat: 'ΦΠΑ εισροών', totals: 'Σύνολα', net: 'Καθαρός ΦΠΑ προς καταβολή (εκροές − εισροές)', settlements: 'Διακανονισμοί με τη φορολογική αρχή (εκτός καθαρού)', unclassified: 'Αταξινόμητο' },
    income: { revenues: 'Έσοδα', expenses: 'Έξοδα', totalRevenue: 'Σύνολο εσόδων', totalExpenses: 'Σύνολο εξόδων', netIncome: 'Καθαρό αποτέλεσμα' },
    balance: { assets: 'Ενεργητικό', liabilities: 'Υποχρεώσεις', equity: 'Ίδια κεφάλαια', totalAssets: 'Σύνολο ενεργητικού', totalLiabilities: 'Σύνολο υποχρεώσεων', totalEquity: 'Σύνολο ιδίων κεφαλαίων', totalLiabilitiesAndEquity: 'Σύνολο υποχρεώσεων και ιδίων κεφαλαίων', currentEarnings: 'Αποτελέσματα περιόδου', priorEarnings: 'Αποτελέσματα προηγούμενων χρήσεων', customerCredit: 'Πιστωτικά υπόλοιπα πελατών' },
    cashFlow: { openingCash: 'Ταμειακά διαθέσιμα έναρξης περιόδου', operating: 'Λειτουργικές δραστηριότητες', netIncome: 'Καθαρό αποτέλεσμα', cashFromOperations: 'Ταμειακές ροές από λειτουργικές δραστηριότητες', investing: 'Επενδυτικές δραστηριότητες', cashFromInvesting: 'Ταμειακές ροές από επενδυτικές δραστηριότητες', financing: 'Χρηματοδοτικές δραστηριότητες', cashFromFinancing: 'Ταμειακές ροές από χρηματοδοτικές δραστηριότητες', netCashFlow: 'Καθαρή ταμειακή ροή', closingCash: 'Ταμειακά διαθέσιμα λήξης περιόδου' },
    trial: { debit: 'Χρέωση', credit: 'Πίστωση', totals: 'Σύνολα', preClosing: 'πριν από την εγγραφή κλεισίματος χρήσης' },
    ledger: { date: 'Ημερομηνία', description: 'Περιγραφή', source: 'Προέλευση', debit: 'Χρέωση', credit: 'Πίστωση', balance: 'Υπόλοιπο', opening: 'Υπόλοιπο έναρξης', closing: 'Υπόλοιπο λήξης' },
    aging: { client: 'Πελάτης', current: 'Τρέχοντα', days1to30: '1–30 ημέρες', days31to60: '31–60 ημέρες', days61to90: '61–90 ημέρες', over90: 'Πάνω από 90 ημέρες', total: 'Σύνολο', creditBalance: 'Πιστωτικό υπόλοιπο', net: 'Καθαρό (Απαιτήσεις από πελάτες)', noClient: 'Χωρίς πελάτη', supplier: 'Προμηθευτής', netPayables: 'Καθαρό (Υποχρεώσεις σε προμηθευτές)', noSupplier: 'Χωρίς παραστατικό' },
    journal: {
      date: 'Ημερομηνία', entry: 'Εγγραφή', entryDescription: 'Περιγραφή εγγραφής', status: 'Κατάσταση εγγραφής', version: 'Έκδοση', kind: 'Είδος', line: 'Γραμμή', accountCode: 'Κωδικός λογαριασμού', account: 'Λογαριασμός',
      debit: 'Χρέωση', credit: 'Πίστωση', description: 'Περιγραφή γραμμής', source: 'Προέλευση', sourceId: 'Αναγνωριστικό προέλευσης', document: 'Παραστατικό', invoiceId: 'Αναγνωριστικό τιμολογίου', eventId: 'Αναγνωριστικό συμβάντος', author: 'Συντάκτης', recordedAt: 'Καταχωρίστηκε',
    },
  },
  ru: {
    company: 'Компания', period: 'Период', asOf: 'На дату', generated: 'Сформировано', comparedWith: 'В сравнении с', account: 'Счёт', code: 'Код', amount: 'Сумма', total: 'Итого',
    titles: { incomeStatement: 'Отчёт о прибылях и убытках', balanceSheet: 'Бухгалтерский баланс', cashFlow: 'Отчёт о движении денежных средств', trialBalance: 'Оборотно-сальдовая ведомость', accountLedger: 'Карточка счёта', agedReceivables: 'Дебиторская задолженность по срокам', agedPayables: 'Кредиторская задолженность по срокам', journal: 'Журнал проводок' , vatReturn: 'Декларация по НДС', ecSalesList: 'Сводная декларация ЕС (EC Sales List)' },
    ecSales: { country: 'Государство ЕС', vatNumber: 'НДС-номер покупателя', services: 'Услуги (обратное начисление)', unknown: 'Покупатель не указан' },
    vat: { category: 'Категория НДС', rate: 'Ставка', outputBase: 'Продажи (налоговая база)', outputVat: 'Исходящий НДС', inputBase: 'Покупки (налоговая база)', inputVat: 'Входящий НДС', totals: 'Итого', net: 'НДС к уплате (исходящий − входящий)', settlements: 'Расчёты с налоговым органом (вне нетто)', unclassified: 'Без категории' },
    income: { revenues: 'Доходы', expenses: 'Расходы', totalRevenue: 'Итого доходы', totalExpenses: 'Итого расходы', netIncome: 'Чистая прибыль' },
    balance: { assets: 'Активы', liabilities: 'Обязательства', equity: 'Капитал', totalAssets: 'Итого активы', totalLiabilities: 'Итого обязательства', totalEquity: 'Итого капитал', totalLiabilitiesAndEquity: 'Итого обязательства и капитал', currentEarnings: 'Прибыль текущего периода', priorEarnings: 'Нераспределённая прибыль прошлых лет', customerCredit: 'Кредитовые остатки клиентов' },
    cashFlow: { openingCash: 'Денежные средства на начало периода', operating: 'Операционная деятельность', netIncome: 'Чистая прибыль', cashFromOperations: 'Денежный поток от операционной деятельности', investing: 'Инвестиционная деятельность', cashFromInvesting: 'Денежный поток от инвестиционной деятельности', financing: 'Финансовая деятельность', cashFromFinancing: 'Денежный поток от финансовой деятельности', netCashFlow: 'Чистый денежный поток', closingCash: 'Денежные средства на конец периода' },
    trial: { debit: 'Дебет', credit: 'Кредит', totals: 'Итого', preClosing: 'до заключительной записи года' },
    ledger: { date: 'Дата', description: 'Описание', source: 'Источник', debit: 'Дебет', credit: 'Кредит', balance: 'Сальдо', opening: 'Начальное сальдо', closing: 'Конечное сальдо' },
    aging: { client: 'Клиент', current: 'Срок не наступил', days1to30: '1–30 дней', days31to60: '31–60 дней', days61to90: '61–90 дней', over90: 'Более 90 дней', total: 'Итого', creditBalance: 'Переплата', net: 'Нетто (дебиторская задолженность)', noClient: 'Без клиента', supplier: 'Поставщик', netPayables: 'Нетто (кредиторская задолженность)', noSupplier: 'Без счёта поставщика' },
    journal: {
      date: 'Дата', entry: 'Проводка', entryDescription: 'Описание проводки', status: 'Статус проводки', version: 'Версия', kind: 'Вид', line: 'Строка', accountCode: 'Код счёта', account: 'Счёт',
      debit: 'Дебет', credit: 'Кредит', description: 'Описание строки', source: 'Источник', sourceId: 'Id источника', document: 'Документ', invoiceId: 'Id счёта-фактуры', eventId: 'Id события', author: 'Автор', recordedAt: 'Записано',
    },
  },
};

export const reportExportLabels = (language: string): ReportExportLabels => labels[mailLanguage(language)];
