import { Router, type RequestHandler } from 'express';
import type { RecoveryCodesAnswer, TwoFactorSetupAnswer, TwoFactorStatusAnswer } from '../../platform/contracts/rest.contract';
import { requireLogin } from '../../platform/guards';
import { clientAddress } from '../login-throttle';
import type { TwoFactorService } from './two-factor.service';

const text = (body: unknown, field: string): string => {
  const value = (body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value.slice(0, 256) : '';
};

/** Flags a superuser who must enrol first (REQUIRE_ADMIN_2FA); the admin guards then refuse it. */
export const applyTwoFactorPolicy =
  (twoFactor: TwoFactorService): RequestHandler =>
  (req, _res, next) => {
    if (req.user) req.user = twoFactor.applyPolicy(req.user);
    next();
  };

/** Enrolment and its management for the signed-in user; the login's second step is POST /api/login/ with `otp`. */
export const twoFactorRoutes = (twoFactor: TwoFactorService): Router => {
  const router = Router();
  router.use('/two-factor/', requireLogin);

  router.get('/two-factor/', async (req, res) => {
    const status = await twoFactor.status(req.user!);
    const answer: TwoFactorStatusAnswer = {
      enabled: status.enabled,
      setup_required: status.setupRequired,
      can_disable: status.canDisable,
      recovery_codes_left: status.recoveryCodesLeft,
    };
    res.json(answer);
  });

  router.post('/two-factor/setup/', async (req, res) => {
    const setup = await twoFactor.beginSetup(req.user!, text(req.body, 'password'), clientAddress(req));
    const answer: TwoFactorSetupAnswer = { secret: setup.secret, otpauth_url: setup.otpauthUrl, qr_code: setup.qrCode };
    res.json(answer);
  });

  router.post('/two-factor/enable/', async (req, res) => {
    const answer: RecoveryCodesAnswer = { recovery_codes: await twoFactor.enable(req.user!, text(req.body, 'otp'), clientAddress(req)) };
    res.json(answer);
  });

  router.post('/two-factor/recovery-codes/', async (req, res) => {
    const answer: RecoveryCodesAnswer = { recovery_codes: await twoFactor.renewRecoveryCodes(req.user!, text(req.body, 'otp'), clientAddress(req)) };
    res.json(answer);
  });

  router.post('/two-factor/disable/', async (req, res) => {
    await twoFactor.disable(req.user!, { otp: text(req.body, 'otp'), password: text(req.body, 'password') }, clientAddress(req));
    res.json({ success: true });
  });

  return router;
};
