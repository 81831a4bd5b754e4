import { z } from 'zod';
import type { RecoveryCodesAnswer as RecoveryCodesWire, TwoFactorSetupAnswer as TwoFactorSetupWire, TwoFactorStatusAnswer as TwoFactorStatusWire } from '../../platform/contracts/rest.contract';
import { json, tagged, wire } from '../../platform/openapi/route-doc';

const TwoFactorStatusAnswer = wire<TwoFactorStatusWire>()(
  z.object({
    enabled: z.boolean(),
    setup_required: z.boolean().meta({ description: 'REQUIRE_ADMIN_2FA: this superuser must enrol before the admin area answers.' }),
    can_disable: z.boolean().meta({ description: 'False for a superuser while REQUIRE_ADMIN_2FA is on.' }),
    recovery_codes_left: z.number().int().meta({ description: 'Unused recovery codes.' }),
  }),
);

const TwoFactorSetupAnswer = wire<TwoFactorSetupWire>()(
  z.object({
    secret: z.string().meta({ description: 'Base32, for typing into an app that cannot scan the QR code.' }),
    otpauth_url: z.string().meta({ description: 'The `otpauth://totp/…` URL.' }),
    qr_code: z.string().meta({ description: 'The otpauth URL as a PNG data URL (`data:image/png;base64,…`).' }),
  }),
);

const RecoveryCodesAnswer = wire<RecoveryCodesWire>()(
  z.object({ recovery_codes: z.array(z.string()).meta({ description: 'Ten single-use recovery codes, shown once.' }) }),
);

// The bodies are read by hand: a field that is not a string counts as blank, and is cut at 256 characters.
const otp = z.string().meta({ description: 'A current authentication code from the app, or an unused recovery code.' });
const passwordBody = z.object({ password: z.string().meta({ description: 'The user’s password, checked again.' }) });
const otpBody = z.object({ otp });
const enableBody = z.object({ otp: z.string().meta({ description: 'A current six-digit code from the app just set up.' }) });
const disableBody = z
  .object({ otp: otp.optional(), password: z.string().optional() })
  .meta({ description: 'Either a current code (or recovery code) or the password.' });

export const twoFactorDocs = tagged('Two-factor', [
  {
    method: 'get',
    path: '/api/two-factor/',
    summary: 'The signed-in user’s two-factor sign-in status',
    access: 'authenticated',
    answers: { 200: json(TwoFactorStatusAnswer) },
  },
  {
    method: 'post',
    path: '/api/two-factor/setup/',
    summary: 'Begin enrolment: a new TOTP secret and its QR code',
    description:
      'Step one, after the password is checked again (throttled; a wrong one is a 400). Starting again replaces the secret. Already enrolled: 409. ' +
      'The login’s second step is `POST /api/login/` with `otp`.',
    access: 'authenticated',
    body: passwordBody,
    answers: { 200: json(TwoFactorSetupAnswer) },
  },
  {
    method: 'post',
    path: '/api/two-factor/enable/',
    summary: 'Confirm enrolment with a code from the app',
    description: 'Step two: turns two-factor sign-in on and answers the ten recovery codes, shown once. A wrong code is a 400; no set-up begun, a 409.',
    access: 'authenticated',
    body: enableBody,
    answers: { 200: json(RecoveryCodesAnswer, 'On; the recovery codes.') },
  },
  {
    method: 'post',
    path: '/api/two-factor/recovery-codes/',
    summary: 'New recovery codes (the unused old ones stop working)',
    description: 'Needs a current code (or an unused recovery code). Two-factor sign-in off: 409.',
    access: 'authenticated',
    body: otpBody,
    answers: { 200: json(RecoveryCodesAnswer, 'The new codes, shown once.') },
  },
  {
    method: 'post',
    path: '/api/two-factor/disable/',
    summary: 'Turn two-factor sign-in off',
    description: 'Proven by a current code (or a recovery code) or the password. Refused (403) for a superuser while REQUIRE_ADMIN_2FA is on; already off: 409.',
    access: 'authenticated',
    body: disableBody,
    answers: { 200: json(z.object({ success: z.literal(true) }), 'Off.') },
  },
]);
