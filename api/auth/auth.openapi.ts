import { z } from 'zod';
import type { CheckAuthAnswer as CheckAuthWire, LoginAnswer as LoginWire, UserWire } from '../platform/contracts/rest.contract';
import { json, tagged, wire } from '../platform/openapi/route-doc';
import { wId } from '../platform/openapi/wire-schemas';

/** The signed-in user, as POST /api/login/ and GET /api/check-auth/ state it. */
export const UserAnswer = wire<UserWire>()(
  z
    .object({
      id: wId,
      username: z.string(),
      email: z.string().nullable(),
      is_superuser: z.boolean(),
      client_id: wId.nullable().meta({ description: 'The client a portal user belongs to; null for the superuser.' }),
      two_factor_enabled: z.boolean(),
      two_factor_setup_required: z.boolean().meta({ description: 'REQUIRE_ADMIN_2FA: this superuser must enrol in two-factor sign-in before the admin area answers.' }),
      password_change_required: z.boolean().meta({
        description: 'Signed in with a generated password: only change-password, check-auth and logout answer until the user chooses one.',
      }),
    })
    .meta({ id: 'User' }),
);

const CheckAuthAnswer = wire<CheckAuthWire>()(
  z.object({
    isAuthenticated: z.boolean(),
    user: UserAnswer.nullable().meta({ description: 'Null when nobody is signed in.' }),
  }),
);

const LoginAnswer = wire<LoginWire>()(
  z.discriminatedUnion('success', [
    z.object({ success: z.literal(true), is_superuser: z.boolean(), user: UserAnswer }).meta({ description: 'Signed in: the session and CSRF cookies are set.' }),
    z
      .object({ success: z.literal(false), otp_required: z.literal(true) })
      .meta({ description: 'The password is right but the user is enrolled in two-factor sign-in: post the same body again with `otp`. Nobody is signed in yet.' }),
  ]),
);

/** POST /api/login/: read by hand (a field that is not a string counts as blank). */
const loginBody = z.object({
  username: z.string(),
  password: z.string(),
  otp: z.string().optional().meta({ description: 'The second step: a current authentication code or an unused recovery code.' }),
});

/** POST /api/change-password/: read by hand (a field that is not a string counts as blank). */
const changePasswordBody = z.object({ old_password: z.string(), new_password: z.string() });

export const authDocs = tagged('Authentication', [
  {
    method: 'post',
    path: '/api/login/',
    summary: 'Sign in with a username and password (and a second factor)',
    description:
      'Starts a browser session: sets the `sessionid` cookie and the `csrftoken` cookie to echo in `X-CSRFToken` on writes. ' +
      'A user enrolled in two-factor sign-in who sends no `otp` gets `{ "success": false, "otp_required": true }` (200, nobody signed in) and posts the same body again with `otp`. ' +
      'A blank field is a 400; wrong credentials or a wrong code a 401; too many failures a 429.',
    access: 'public',
    body: loginBody,
    answers: { 200: json(LoginAnswer, 'Signed in, or a second factor is needed.') },
  },
  {
    method: 'get',
    path: '/api/check-auth/',
    summary: 'Who is signed in',
    access: 'public',
    answers: { 200: json(CheckAuthAnswer) },
  },
  {
    method: 'post',
    path: '/api/logout/',
    summary: 'Sign out (ends the session)',
    access: 'public',
    answers: { 200: json(z.object({ success: z.literal(true) }), 'Signed out (also when nobody was signed in).') },
  },
  {
    method: 'post',
    path: '/api/change-password/',
    summary: 'Change the signed-in user’s password',
    description:
      'Checks the old password (throttled), sets the new one and ends every session of the user; the request goes on in a new session (new cookies). ' +
      'Answers even a sign-in with a generated password (`password_change_required`), which it lifts. A wrong old password, or a new one that is weak or the same, is a 400.',
    access: 'authenticated',
    body: changePasswordBody,
    answers: { 200: json(z.object({ success: z.literal(true), message: z.string() }), 'Changed.') },
  },
]);
