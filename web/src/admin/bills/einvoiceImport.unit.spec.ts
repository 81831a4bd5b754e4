import { describe, expect, it } from 'vitest';
import { duplicateBillNumber } from '../../../../api/purchases/bill.service';
import { createTestI18n } from '../../../../test/web-i18n';
import { ApiError } from '../../api/http';
import { formatDate } from '../../common/format';
import { importRefusal } from './einvoiceImport';

describe('why an e-invoice was not imported, in the language of the screen', () => {
  it.each(['en', 'el', 'ru'])('%s: lists every problem of the file as the server words it', async (lng) => {
    const { t } = await createTestI18n(lng);
    const problems = ['[BR-CO-15] Invoice total amount with VAT (BT-112) = Invoice total amount without VAT (BT-109) + Invoice total VAT amount (BT-110). (at /Invoice)', '/Invoice/cbc:IssueDate, line 7: "2015-13-09" is not a date'];
    expect(importRefusal(new ApiError(400, 'Please correct the errors below.', { file: problems }, true), t)).toEqual({ kind: 'invalid', problems });
    // A refusal without the file's field (a request that was not multipart) still says why.
    expect(importRefusal(new ApiError(400, 'Send the e-invoice as multipart form data.', undefined, true), t)).toEqual({ kind: 'invalid', problems: ['Send the e-invoice as multipart form data.'] });
  });

  it.each(['en', 'el', 'ru'])('%s: says the supplier’s number is already entered, with the date of the bill that has it', async (lng) => {
    const { t } = await createTestI18n(lng);
    const conflict = new ApiError(409, duplicateBillNumber('12115118', '2015-01-09'), undefined, true);
    expect(importRefusal(conflict, t)).toEqual({ kind: 'duplicate', text: t('admin.bills.errors.duplicate', { number: '12115118', date: formatDate('2015-01-09') }) });
    expect(importRefusal(new ApiError(409, 'Conflict.', undefined, true), t)).toEqual({ kind: 'duplicate', text: t('admin.bills.errors.duplicateNumber') });
  });

  it('a failure that is not the file’s is said as such', async () => {
    const { t } = await createTestI18n('el');
    expect(importRefusal(new ApiError(0, 'Failed to fetch'), t)).toEqual({ kind: 'failed', text: t('notifications.requestFailed') });
    expect(importRefusal(new Error('boom'), t)).toEqual({ kind: 'failed', text: 'boom' });
  });
});
