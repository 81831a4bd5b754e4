import { describe, expectTypeOf, it } from 'vitest';
import type { CheckAuthAnswer, PortalAccount, PublicInvoiceWire } from '../../../api/platform/contracts/rest.contract';
import type { AuthUser } from '../auth/AuthContext';
import type { PublicInvoice } from '../payInvoice/usePublicInvoice';
import type { PortalAccount as WebPortalAccount } from '../portal/usePortalAccount';

/**
 * Checked by tsc, not run: a type error here fails `npm test` (vitest project `types`, with
 * tsconfig.type-tests.json) as it fails `npm run typecheck`. The web reads the server's own wire
 * types, so a field one side drops or renames is a compile error on the other (the
 * @ts-expect-error lines fail to compile the day the server starts sending such a field, and a
 * real use of a missing one never compiles).
 */
describe('REST wire contracts shared by server and web', () => {
  it('are the same types on both sides', () => {
    expectTypeOf<WebPortalAccount>().toEqualTypeOf<PortalAccount>();
    expectTypeOf<PublicInvoice>().toEqualTypeOf<PublicInvoiceWire>();
    expectTypeOf<AuthUser>().toEqualTypeOf<NonNullable<CheckAuthAnswer['user']>>();
    expectTypeOf<WebPortalAccount['invoices'][number]>().toHaveProperty('open_amount');
  });

  it('refuse a field the server does not send', () => {
    // @ts-expect-error the portal answer has no amount_due
    const dueOf = (i: WebPortalAccount['invoices'][number]) => i.amount_due;
    // @ts-expect-error the pay link shows no e-mail of the client
    const emailOf = (i: PublicInvoice) => i.client.email;
    expectTypeOf(dueOf).toBeFunction();
    expectTypeOf(emailOf).toBeFunction();
  });
});
