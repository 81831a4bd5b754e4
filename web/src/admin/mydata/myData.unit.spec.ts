import { describe, expect, it } from 'vitest';
import { historyKeys, invoiceTypeKey, myDataStatusOf, outcomeTone, shownOf, statusTag, transmissionSwitch } from './myData';

describe('a myDATA transmission as the screens show it', () => {
  it('shows nothing when none is due (kind null: a company outside Greece, a draft)', () => {
    expect(shownOf({ kind: null, configured: true, status: 'not_transmitted' })).toEqual({ kind: 'none' });
    expect(shownOf(undefined)).toEqual({ kind: 'none' });
  });

  it('offers Send again only for a refused document of an installation that transmits', () => {
    expect(shownOf({ kind: 'invoice', configured: true, status: 'failed' })).toEqual({ kind: 'shown', status: 'failed', unconfigured: false, canSendAgain: true });
    expect(shownOf({ kind: 'credit_note', configured: true, status: 'transmitted' })).toEqual({ kind: 'shown', status: 'transmitted', unconfigured: false, canSendAgain: false });
    expect(shownOf({ kind: 'invoice', configured: false, status: 'failed' })).toMatchObject({ unconfigured: true, canSendAgain: false });
  });

  it('says "Not transmitted" with the credentials hint when myDATA is not configured', () => {
    expect(shownOf({ kind: 'invoice', configured: false, status: 'not_transmitted' })).toEqual({ kind: 'shown', status: 'not_transmitted', unconfigured: true, canSendAgain: false });
    expect(statusTag('not_transmitted')).toEqual({ tone: 'default', key: 'notTransmitted' });
  });

  it('tags each status with its colour and words; a status it does not know reads as not transmitted', () => {
    expect(statusTag('transmitted')).toEqual({ tone: 'success', key: 'transmitted' });
    expect(statusTag('pending')).toEqual({ tone: 'warning', key: 'pending' });
    expect(statusTag('failed')).toEqual({ tone: 'error', key: 'failed' });
    expect(myDataStatusOf('cancelled')).toBe('not_transmitted');
  });

  it("words a history step's action and outcome; a call without an answer is 'no answer'", () => {
    expect(historyKeys({ action: 'sent', outcome: 'transmitted' })).toMatchObject({ action: 'actions.sent', outcome: 'outcomes.transmitted' });
    expect(historyKeys({ action: 'lookup', outcome: 'not_found' })).toMatchObject({ action: 'actions.lookup', outcome: 'outcomes.notFound' });
    expect(historyKeys({ action: 'retry', outcome: null })).toMatchObject({ action: 'actions.retry', outcome: 'outcomes.noAnswer' });
    expect(historyKeys({ action: 'cancel', outcome: 'voided' })).toEqual({ action: null, outcome: null, raw: { action: 'cancel', outcome: 'voided' } });
    expect([outcomeTone('transmitted'), outcomeTone('rejected'), outcomeTone('lost'), outcomeTone(null), outcomeTone('voided')]).toEqual(['success', 'error', 'warning', 'warning', 'default']);
  });

  it("names AADE's document types it knows", () => {
    expect(['2.1', '2.2', '2.3', '5.1', '5.2'].map(invoiceTypeKey)).toEqual(['t2_1', 't2_2', 't2_3', 't5_1', 't5_2']);
    expect(invoiceTypeKey('1.1')).toBeNull();
    expect(invoiceTypeKey(null)).toBeNull();
  });

  it('tells why an installation does not transmit: no credentials (no endpoint), or a company outside Greece', () => {
    expect(transmissionSwitch({ configured: true, endpoint: 'https://mydataapidev.aade.gr/' })).toBe('on');
    expect(transmissionSwitch({ configured: false, endpoint: null })).toBe('noCredentials');
    expect(transmissionSwitch({ configured: false, endpoint: 'https://mydatapi.aade.gr/myDATA/' })).toBe('notGreek');
  });
});
