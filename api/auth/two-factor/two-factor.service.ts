import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import {
  RECOVERY_CODE_COUNT,
  mayDisable,
  mustEnrol,
  readSecondFactor,
  recoveryCodeFrom,
  secondStep,
  type TwoFactorPolicy,
} from '../../../domain/auth/two-factor';
import { AppError, ConflictError, ForbiddenError, ValidationError } from '../../../domain/shared/errors';
import { textErrors } from '../../../domain/shared/text';
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import type { LoginThrottle } from '../login-throttle';
import { hashPassword, verifyPassword } from '../password';
import { UserService } from '../user.service';
import { type User } from '../../platform/user';
import { SecretBox } from './secret-box';
import { markSecretAnswer } from '../../platform/http/request-context';

export const INVALID_CODE = 'The authentication code is not valid.';
const WRONG_PASSWORD = 'Your password was entered incorrectly.';
// One period either side: a phone clock a little off, or a code typed as it rolled over.
const TOLERANCE_SECONDS = 30;

/** What a password-correct login does next. */
export type LoginCheck = 'signed-in' | 'otp-required' | 'refused';

export interface TwoFactorStatus {
  enabled: boolean;
  setupRequired: boolean;
  canDisable: boolean;
  recoveryCodesLeft: number;
}

export interface TwoFactorSetup {
  /** Base32, for typing into an app that cannot scan. Shown only until the set-up is confirmed. */
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a PNG data URL. */
  qrCode: string;
}

/** Proof for turning two-factor sign-in off: a current code (or a recovery code), or the password. */
export interface TwoFactorProof {
  otp?: string;
  password?: string;
}

interface SecretRow {
  secret_box: string;
  enabled_at: Date | null;
  last_time_step: string | number | null;
}

/** A password or code with a control character or a line break is refused before any check counts against the throttle. */
const assertCleanProof = (proof: TwoFactorProof): void => {
  const errors = textErrors({ ...proof }, 'single');
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first[0]!, errors);
};

export const refusedCode = (): AppError => new AppError('UNAUTHENTICATED', INVALID_CODE, { otp: [INVALID_CODE] });

/**
 * TOTP enrolment (otplib, RFC 6238), recovery codes (argon2 hashes, each usable once) and the
 * login's second step, for the REST and GraphQL adapters alike. Secrets are stored encrypted
 * and are shown only during set-up. Every password or code a signed-in user gives here is checked
 * under `reauth` (per user and client address, doubling delays, like logins); `ip` is the
 * client address.
 */
export class TwoFactorService {
  private readonly box: SecretBox;
  private readonly users: UserService;

  constructor(
    private readonly deps: AppDeps,
    private readonly reauth: LoginThrottle,
  ) {
    this.box = new SecretBox({ material: deps.config.totpKeyMaterial, dataDir: deps.config.dataDir });
    this.users = new UserService(deps.db);
  }

  private get policy(): TwoFactorPolicy {
    return { requireForSuperusers: this.deps.config.requireAdmin2fa };
  }

  /** The user as this request sees it: flagged when REQUIRE_ADMIN_2FA sends it to enrolment first. */
  applyPolicy(user: User): User {
    const flagged = mustEnrol({ isSuperuser: user.is_superuser, enrolled: user.two_factor_enabled }, this.policy);
    return flagged === !!user.two_factor_setup_required ? user : { ...user, two_factor_setup_required: flagged };
  }

  async status(user: User): Promise<TwoFactorStatus> {
    const row = await this.deps.db('two_factor_recovery_codes').where({ user_id: user.id }).whereNull('used_at').count({ n: '*' }).first();
    const holder = { isSuperuser: user.is_superuser, enrolled: user.two_factor_enabled };
    return {
      enabled: user.two_factor_enabled,
      setupRequired: mustEnrol(holder, this.policy),
      canDisable: mayDisable(holder, this.policy),
      recoveryCodesLeft: Number(row?.n ?? 0),
    };
  }

  /** Step one: after a password re-check, a fresh secret as a QR code. Starting again replaces it. */
  async beginSetup(user: User, password: string, ip: string): Promise<TwoFactorSetup> {
    markSecretAnswer(); // the answer is shown once: an Idempotency-Key never keeps it
    assertCleanProof({ password });
    if (await this.isEnabled(user.id)) throw new ConflictError('Two-factor sign-in is already on.');
    if (!(await this.reauth.attempt(ip, user.id, () => this.users.checkPassword(user.id, password)))) throw new ValidationError(WRONG_PASSWORD, { password: [WRONG_PASSWORD] });
    const secret = generateSecret();
    await this.deps.db.transaction(async (trx) => {
      await trx('two_factor_secrets').where({ user_id: user.id }).whereNull('enabled_at').delete();
      await trx('two_factor_secrets').insert({ user_id: user.id, secret_box: this.box.seal(secret, user.id) });
    });
    const otpauthUrl = generateURI({ issuer: this.deps.config.company.name, label: user.username, secret });
    const qrCode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
    return { secret, otpauthUrl, qrCode };
  }

  /** Step two: a code from the app proves the set-up; answers the ten recovery codes, shown once. */
  async enable(user: User, otp: string, ip: string): Promise<string[]> {
    markSecretAnswer(); // the answer is shown once: an Idempotency-Key never keeps it
    assertCleanProof({ otp });
    const row: SecretRow | undefined = await this.deps.db('two_factor_secrets').where({ user_id: user.id }).whereNull('enabled_at').first();
    if (!row) throw new ConflictError('Start the two-factor set-up first.');
    const secret = this.box.open(row.secret_box, user.id);
    const factor = readSecondFactor(otp);
    let checked: number | undefined;
    await this.reauth.attempt(ip, user.id, async () => {
      checked = secret && factor.kind === 'totp' ? await this.checkTotp(secret, factor.code, null) : undefined;
      return checked !== undefined;
    });
    if (checked === undefined) throw new ValidationError(INVALID_CODE, { otp: [INVALID_CODE] });
    const codes = makeRecoveryCodes();
    const hashes = await Promise.all(codes.map(hashRecoveryCode));
    await this.deps.db.transaction(async (trx) => {
      const updated = await trx('two_factor_secrets')
        .where({ user_id: user.id })
        .whereNull('enabled_at')
        .update({ enabled_at: this.deps.clock(), last_time_step: checked });
      if (updated !== 1) throw new ConflictError('Start the two-factor set-up first.');
      await trx('users').where({ id: user.id }).update({ two_factor_enabled: true });
      await trx('two_factor_recovery_codes').where({ user_id: user.id }).delete();
      await trx('two_factor_recovery_codes').insert(hashes.map((code_hash) => ({ user_id: user.id, code_hash })));
      await this.audit(trx, user, false, true);
    });
    return codes;
  }

  async disable(user: User, proof: TwoFactorProof, ip: string): Promise<void> {
    assertCleanProof(proof);
    if (!mayDisable({ isSuperuser: user.is_superuser, enrolled: true }, this.policy)) {
      throw new ForbiddenError('Two-factor sign-in is required for administrators.');
    }
    if (!(await this.isEnabled(user.id))) throw new ConflictError('Two-factor sign-in is off.');
    await this.assertProof(user, proof, ip);
    await this.deps.db.transaction(async (trx) => {
      await trx('two_factor_secrets').where({ user_id: user.id }).delete();
      await trx('two_factor_recovery_codes').where({ user_id: user.id }).delete();
      await trx('users').where({ id: user.id }).update({ two_factor_enabled: false });
      await this.audit(trx, user, true, false);
    });
  }

  /** New recovery codes for old ones (all unused ones stop working); needs a current code. */
  async renewRecoveryCodes(user: User, otp: string, ip: string): Promise<string[]> {
    markSecretAnswer(); // the answer is shown once: an Idempotency-Key never keeps it
    assertCleanProof({ otp });
    if (!(await this.isEnabled(user.id))) throw new ConflictError('Two-factor sign-in is off.');
    await this.assertProof(user, { otp }, ip);
    const codes = makeRecoveryCodes();
    const hashes = await Promise.all(codes.map(hashRecoveryCode));
    await this.deps.db.transaction(async (trx) => {
      await trx('two_factor_recovery_codes').where({ user_id: user.id }).delete();
      await trx('two_factor_recovery_codes').insert(hashes.map((code_hash) => ({ user_id: user.id, code_hash })));
    });
    return codes;
  }

  /** The login's second step, once the password is right: sign in, ask for a code, or refuse it. */
  async checkAtLogin(user: User, submitted: string | undefined): Promise<LoginCheck> {
    const step = secondStep(user.two_factor_enabled, submitted);
    switch (step) {
      case 'sign-in':
        return 'signed-in';
      case 'ask-for-code':
        return 'otp-required';
      case 'verify-code':
        return (await this.useSecondFactor(user.id, submitted ?? '')) ? 'signed-in' : 'refused';
      default: {
        const exhaustive: never = step;
        throw new Error(`unknown step ${String(exhaustive)}`);
      }
    }
  }

  private async assertProof(user: User, { otp, password }: TwoFactorProof, ip: string): Promise<void> {
    if (password) {
      if (!(await this.reauth.attempt(ip, user.id, () => this.users.checkPassword(user.id, password)))) {
        throw new ValidationError(WRONG_PASSWORD, { password: [WRONG_PASSWORD] });
      }
      return;
    }
    if (!otp) throw new ValidationError('Enter a current authentication code or your password.', { otp: ['This field is required.'] });
    // A recovery-code-shaped guess costs up to ten argon2 checks: the throttle bounds those too.
    if (!(await this.reauth.attempt(ip, user.id, () => this.useSecondFactor(user.id, otp)))) throw new ValidationError(INVALID_CODE, { otp: [INVALID_CODE] });
  }

  /** Accepts a current TOTP code (each time step once) or an unused recovery code (then spent). */
  private async useSecondFactor(userId: string, input: string): Promise<boolean> {
    const factor = readSecondFactor(input);
    switch (factor.kind) {
      case 'totp':
        return this.useTotp(userId, factor.code);
      case 'recovery':
        return this.useRecoveryCode(userId, factor.code);
      case 'malformed':
        return false;
      default: {
        const exhaustive: never = factor;
        throw new Error(`unknown factor ${String(exhaustive)}`);
      }
    }
  }

  private async useTotp(userId: string, code: string): Promise<boolean> {
    const row: SecretRow | undefined = await this.deps.db('two_factor_secrets').where({ user_id: userId }).whereNotNull('enabled_at').first();
    if (!row) return false;
    const secret = this.box.open(row.secret_box, userId);
    if (!secret) {
      this.deps.logger.error({ userId }, 'two-factor secret does not decrypt: TOTP_ENCRYPTION_KEY or SESSION_SECRET changed; recovery codes still work');
      return false;
    }
    const last = row.last_time_step === null ? null : Number(row.last_time_step);
    const step = await this.checkTotp(secret, code, last);
    if (step === undefined) return false;
    // Claimed atomically: of two logins racing with the same code, one wins.
    const claimed = await this.deps.db('two_factor_secrets')
      .where({ user_id: userId })
      .andWhere((q) => q.whereNull('last_time_step').orWhere('last_time_step', '<', step))
      .update({ last_time_step: step });
    return claimed === 1;
  }

  /** The matching time step, or undefined. */
  private async checkTotp(secret: string, token: string, after: number | null): Promise<number | undefined> {
    const result = await verify({
      secret,
      token,
      epoch: Math.floor(this.deps.clock().getTime() / 1000),
      epochTolerance: TOLERANCE_SECONDS,
      ...(after === null ? {} : { afterTimeStep: after }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  }

  private async useRecoveryCode(userId: string, code: string): Promise<boolean> {
    const rows: { id: string; code_hash: string }[] = await this.deps.db('two_factor_recovery_codes').select('id', 'code_hash').where({ user_id: userId }).whereNull('used_at');
    for (const row of rows) {
      if (await verifyPassword(row.code_hash, code)) {
        const spent = await this.deps.db('two_factor_recovery_codes').where({ id: row.id }).whereNull('used_at').update({ used_at: this.deps.clock() });
        return spent === 1;
      }
    }
    return false;
  }

  private async isEnabled(userId: string): Promise<boolean> {
    const row = await this.deps.db('users').select('two_factor_enabled').where({ id: userId }).first();
    return !!row?.two_factor_enabled;
  }

  private audit(trx: Parameters<typeof writeAudit>[0], user: User, before: boolean, after: boolean): Promise<void> {
    return writeAudit(trx, {
      actor: user.id,
      entity: 'user',
      entityId: user.id,
      action: 'update',
      before: { two_factor_enabled: before },
      after: { two_factor_enabled: after },
      at: this.deps.clock(),
    });
  }
}

const makeRecoveryCodes = (): string[] => {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) {
    const code = recoveryCodeFrom(randomBytes(16));
    if (code) codes.add(code);
  }
  return [...codes];
};

// Hashed as readSecondFactor reads it back: without the hyphen.
const hashRecoveryCode = (code: string): Promise<string> => hashPassword(code.replace('-', ''));
