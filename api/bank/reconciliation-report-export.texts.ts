import { mailLanguage } from '../platform/mail/language';

/** The words of the reconciliation report's PDF and XLSX, in the reader's language. */
export interface ReconciliationExportLabels {
  title: string;
  account: string;
  asOf: string;
  generated: string;
  result: string;
  proven: string;
  notProven: string;
  complete: string;
  incomplete: string;
  figure: string;
  amount: string;
  statementBalance: string;
  ledgerBalance: string;
  unreconciledLinesTotal: string;
  unreconciledMovementsTotal: string;
  explainedBalance: string;
  difference: string;
  unreconciledLines: string;
  unreconciledMovements: string;
  date: string;
  description: string;
  total: string;
  none: string;
}

const labels: Record<'en' | 'el' | 'ru', ReconciliationExportLabels> = {
  en: {
    title: 'Bank reconciliation', account: 'Account', asOf: 'As of', generated: 'Generated', result: 'Result',
    proven: 'Proven: the books equal the bank', notProven: 'Not proven: the books and the bank differ', complete: 'nothing left to reconcile', incomplete: 'items still to reconcile',
    figure: 'Figure', amount: 'Amount', statementBalance: 'Statement balance', ledgerBalance: 'Ledger balance',
    unreconciledLinesTotal: '+ Unreconciled statement lines', unreconciledMovementsTotal: '− Ledger movements on no statement', explainedBalance: 'Explained balance', difference: 'Difference',
    unreconciledLines: 'Unreconciled statement lines', unreconciledMovements: 'Ledger movements on no statement', date: 'Date', description: 'Description', total: 'Total', none: 'None',
  },
  el: {
    title: 'Συμφωνία τραπεζικού λογαριασμού', account: 'Λογαριασμός', asOf: 'Κατά την', generated: 'Δημιουργήθηκε', result: 'Αποτέλεσμα',
    proven: 'Αποδείχθηκε: τα βιβλία συμφωνούν με την τράπεζα', notProven: 'Δεν αποδείχθηκε: τα βιβλία διαφέρουν από την τράπεζα', complete: 'δεν απομένει τίποτα για συμφωνία', incomplete: 'απομένουν στοιχεία για συμφωνία',
    figure: 'Μέγεθος', amount: 'Ποσό', statementBalance: 'Υπόλοιπο αντιγράφου κίνησης', ledgerBalance: 'Λογιστικό υπόλοιπο',
    unreconciledLinesTotal: '+ Ασυμφώνητες γραμμές κίνησης', unreconciledMovementsTotal: '− Λογιστικές κινήσεις εκτός κίνησης τράπεζας', explainedBalance: 'Αιτιολογημένο υπόλοιπο', difference: 'Διαφορά',
    unreconciledLines: 'Ασυμφώνητες γραμμές κίνησης', unreconciledMovements: 'Λογιστικές κινήσεις εκτός κίνησης τράπεζας', date: 'Ημερομηνία', description: 'Περιγραφή', total: 'Σύνολο', none: 'Καμία',
  },
  ru: {
    title: 'Сверка с банком', account: 'Счёт', asOf: 'На дату', generated: 'Сформировано', result: 'Результат',
    proven: 'Доказано: учёт совпадает с банком', notProven: 'Не доказано: учёт и банк расходятся', complete: 'сверять больше нечего', incomplete: 'остались несверенные позиции',
    figure: 'Показатель', amount: 'Сумма', statementBalance: 'Остаток по выписке', ledgerBalance: 'Остаток по учёту',
    unreconciledLinesTotal: '+ Несверенные строки выписки', unreconciledMovementsTotal: '− Движения в учёте вне выписок', explainedBalance: 'Объяснённый остаток', difference: 'Расхождение',
    unreconciledLines: 'Несверенные строки выписки', unreconciledMovements: 'Движения в учёте вне выписок', date: 'Дата', description: 'Описание', total: 'Итого', none: 'Нет',
  },
};

export const reconciliationExportLabels = (language: string): ReconciliationExportLabels => labels[mailLanguage(language)];
