import { Router } from 'express';
import type { CheckAuthAnswer, LoginAnswer } from '../platform/contracts/rest.contract';
import type { AuthService } from './auth.service';
import { userPayload } from './auth.service';
import { requireSignedIn } from '../platform/guards';

/** A text field of a body; anything else (absent, a number, an object) counts as blank. */
const text = (body: unknown, field: string): string => {
  const value = (body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value : '';
};

export const authRoutes = (auth: AuthService): Router => {
  const router = Router();

  router.post('/login/', async (req, res) => {
    const outcome = await auth.login(req, res, { username: text(req.body, 'username'), password: text(req.body, 'password'), otp: text(req.body, 'otp') });
    const answer: LoginAnswer = outcome.otpRequired
      ? { success: false, otp_required: true }
      : { success: true, is_superuser: outcome.user.is_superuser, user: userPayload(outcome.user) };
    res.json(answer);
  });

  router.get('/check-auth/', (req, res) => {
    const answer: CheckAuthAnswer = req.user ? { isAuthenticated: true, user: userPayload(req.user) } : { isAuthenticated: false, user: null };
    res.json(answer);
  });

  router.post('/logout/', async (req, res) => {
    await auth.logout(req, res);
    res.json({ success: true });
  });

  // Signed in is enough: a generated password's sign-in may reach this (and check-auth, logout) only.
  router.post('/change-password/', requireSignedIn, async (req, res) => {
    await auth.changePassword(req, res, { oldPassword: text(req.body, 'old_password'), newPassword: text(req.body, 'new_password') });
    res.json({ success: true, message: 'Your password was changed.' });
  });

  return router;
};
