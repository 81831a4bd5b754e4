import type { BadgeTone } from '../../shared/billing-badges';
import type { MyDataTransmissionFieldsFragment } from '../../gql/graphql';

export type MyDataTransmissionView = MyDataTransmissionFieldsFragment;

/** The four states of a document's transmission, as the API names them. */
export type MyDataStatus = 'not_transmitted' | 'pending' | 'transmitted' | 'failed';

const STATUSES: readonly MyDataStatus[] = ['not_transmitted', 'pending', 'transmitted', 'failed'];

/** A status the API may add later reads as not transmitted rather than as something it is not. */
export const myDataStatusOf = (status: string): MyDataStatus => ((STATUSES as readonly string[]).includes(status) ? (status as MyDataStatus) : 'not_transmitted');

/** The tag of a transmission: its colour and the key of its words under `admin.mydata.status`. */
export const statusTag = (status: string): { tone: BadgeTone; key: string } => {
  const s = myDataStatusOf(status);
  switch (s) {
    case 'transmitted':
      return { tone: 'success', key: 'transmitted' };
    case 'pending':
      return { tone: 'warning', key: 'pending' };
    case 'failed':
      return { tone: 'error', key: 'failed' };
    case 'not_transmitted':
      return { tone: 'default', key: 'notTransmitted' };
    default: {
      const exhaustive: never = s;
      return exhaustive;
    }
  }
};

/**
 * What the screen shows of a transmission: nothing when none is due (a company outside Greece, a
 * draft); otherwise its status, with the hint that the credentials are missing when this
 * installation does not transmit (sending again is then no use: nothing would send it).
 */
export type MyDataShown = { kind: 'none' } | { kind: 'shown'; status: MyDataStatus; unconfigured: boolean; canSendAgain: boolean };

export const shownOf = (t: Pick<MyDataTransmissionView, 'kind' | 'configured' | 'status'> | null | undefined): MyDataShown => {
  if (!t?.kind) return { kind: 'none' };
  const status = myDataStatusOf(t.status);
  return { kind: 'shown', status, unconfigured: !t.configured, canSendAgain: t.configured && status === 'failed' };
};

const ACTIONS = ['sent', 'lookup', 'build', 'retry'];
const OUTCOMES: Record<string, string> = { transmitted: 'transmitted', rejected: 'rejected', lost: 'lost', refused: 'refused', found: 'found', not_found: 'notFound' };

/**
 * The keys (under `admin.mydata.history`) of one step's action and outcome; an outcome of null is a
 * call whose answer never came. Anything the API adds later is shown as it named it.
 */
export const historyKeys = (entry: { action: string; outcome?: string | null }): { action: string | null; outcome: string | null; raw: { action: string; outcome: string | null } } => ({
  action: ACTIONS.includes(entry.action) ? `actions.${entry.action}` : null,
  outcome: entry.outcome == null ? 'outcomes.noAnswer' : OUTCOMES[entry.outcome] ? `outcomes.${OUTCOMES[entry.outcome]}` : null,
  raw: { action: entry.action, outcome: entry.outcome ?? null },
});

/** Refusals and answers that say a document stands wrong are red; a lost answer or a look-up finding nothing, amber. */
export const outcomeTone = (outcome: string | null | undefined): BadgeTone => {
  switch (outcome) {
    case 'transmitted':
    case 'found':
      return 'success';
    case 'rejected':
    case 'refused':
      return 'error';
    case 'lost':
    case 'not_found':
    case null:
    case undefined:
      return 'warning';
    default:
      return 'default';
  }
};

const INVOICE_TYPES = ['2.1', '2.2', '2.3', '5.1', '5.2'];

/** The key (under `admin.mydata.invoiceTypes`) of what an AADE document type is, null for one the screen does not know. */
export const invoiceTypeKey = (invoiceType: string | null | undefined): string | null => (invoiceType && INVOICE_TYPES.includes(invoiceType) ? `t${invoiceType.replace('.', '_')}` : null);

/**
 * Whether this installation transmits: on; off for want of credentials (MYDATA_USER_ID,
 * MYDATA_SUBSCRIPTION_KEY: no endpoint then); or off though they are set, the company not being in Greece.
 */
export type TransmissionSwitch = 'on' | 'noCredentials' | 'notGreek';

export const transmissionSwitch = (s: { configured: boolean; endpoint?: string | null }): TransmissionSwitch => (s.configured ? 'on' : s.endpoint ? 'notGreek' : 'noCredentials');
