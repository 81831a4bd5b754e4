import { randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { ValidationError } from '../../domain/shared/errors';
import { textProblem } from '../../domain/shared/text';
import { MIN_PASSWORD_LENGTH, hashPassword, verifyPassword } from './password';
import { endSessionsOf } from './end-sessions';
import type { User } from '../platform/user';

type UserRow = User & { password_hash: string };

const PUBLIC_COLUMNS = ['id', 'username', 'email', 'is_superuser', 'client_id', 'language', 'two_factor_enabled', 'password_change_required'] as const;

// Verifying against a real hash when the user does not exist keeps login time independent of
// whether the username is known.
let dummyHash: Promise<string> | undefined;

export const generatePassword = (): string => randomBytes(12).toString('base64url');

export class UserService {
  constructor(private readonly db: Knex) {}

  findById(id: string): Promise<User | undefined> {
    return this.db('users').select(PUBLIC_COLUMNS).where({ id }).first();
  }

  findByUsername(username: string): Promise<User | undefined> {
    return this.db('users').select(PUBLIC_COLUMNS).whereRaw('lower(username) = lower(?)', [username]).first();
  }

  findByClient(clientId: string): Promise<User | undefined> {
    return this.db('users').select(PUBLIC_COLUMNS).where({ client_id: clientId }).first();
  }

  count(): Promise<number> {
    return this.db('users').count({ n: '*' }).first().then((r) => Number(r?.n ?? 0));
  }

  async authenticate(username: string, password: string): Promise<User | undefined> {
    const row: UserRow | undefined = await this.db('users')
      .whereRaw('lower(username) = lower(?)', [username])
      .first();
    if (!row) {
      await verifyPassword(await (dummyHash ??= hashPassword('not-a-user-password')), password);
      return undefined;
    }
    if (!(await verifyPassword(row.password_hash, password))) return undefined;
    await this.db('users').where({ id: row.id }).update({ last_login_at: this.db.fn.now() });
    const { password_hash: _omit, ...user } = row;
    return pickPublic(user);
  }

  async create(input: {
    username: string;
    password: string;
    isSuperuser?: boolean;
    clientId?: string | null;
    email?: string | null;
    /** The password was generated, not chosen: the user must choose one at first sign-in. */
    passwordChangeRequired?: boolean;
  }, trx: Knex = this.db): Promise<User> {
    validateUsername(input.username);
    validateNewPassword(input.password, 'password');
    const existing = await trx('users').whereRaw('lower(username) = lower(?)', [input.username]).first();
    if (existing) throw new ValidationError('A user with that username already exists.', { username: ['A user with that username already exists.'] });
    const row = {
      id: randomUUID(),
      username: input.username,
      email: input.email ?? null,
      password_hash: await hashPassword(input.password),
      is_superuser: input.isSuperuser ?? false,
      client_id: input.clientId ?? null,
      password_change_required: input.passwordChangeRequired ?? false,
    };
    await trx('users').insert(row);
    return (await new UserService(trx).findById(row.id))!;
  }

  /**
   * Creates the superuser, or resets its password and superuser flag when it exists. A reset to
   * another password ends the user's sessions, as a password change does. The password is the
   * operator's choice (ADMIN_PASSWORD, create-superuser), so none is asked for at sign-in.
   */
  async ensureSuperuser(username: string, password: string): Promise<User> {
    const existing: UserRow | undefined = await this.db('users').whereRaw('lower(username) = lower(?)', [username]).first();
    if (!existing) return this.create({ username, password, isSuperuser: true });
    validateNewPassword(password, 'password');
    if (await verifyPassword(existing.password_hash, password)) {
      await this.db('users').where({ id: existing.id }).update({ is_superuser: true, password_change_required: false });
    } else {
      const hash = await hashPassword(password);
      await this.db.transaction(async (trx) => {
        await trx('users').where({ id: existing.id }).update({ password_hash: hash, is_superuser: true, password_change_required: false });
        await endSessionsOf(trx, existing.id);
      });
    }
    return (await this.findById(existing.id))!;
  }

  /** True when `password` is this user's password (a re-check before a sensitive change). */
  async checkPassword(userId: string, password: string): Promise<boolean> {
    const row: Pick<UserRow, 'password_hash'> | undefined = await this.db('users').select('password_hash').where({ id: userId }).first();
    return !!row && !!password && (await verifyPassword(row.password_hash, password));
  }

  /** Sets a new password once the old one has been checked (AuthService, under its throttle): one the user chose. */
  async replacePassword(userId: string, oldPassword: string, newPassword: string): Promise<void> {
    validateNewPassword(newPassword, 'new_password');
    if (oldPassword === newPassword) {
      throw new ValidationError('The new password must differ from the old one.', { new_password: ['The new password must differ from the old one.'] });
    }
    await this.db('users').where({ id: userId }).update({ password_hash: await hashPassword(newPassword), password_change_required: false });
  }
}

export const wrongOldPassword = (): ValidationError =>
  new ValidationError('Your old password was entered incorrectly.', { old_password: ['Your old password was entered incorrectly.'] });

const pickPublic = (row: User): User => ({
  id: row.id,
  username: row.username,
  email: row.email,
  is_superuser: row.is_superuser,
  client_id: row.client_id,
  language: row.language,
  two_factor_enabled: row.two_factor_enabled,
  password_change_required: row.password_change_required,
});

const validateUsername = (username: string): void => {
  if (!/^[\w.@+-]{1,150}$/.test(username)) {
    throw new ValidationError('Enter a valid username.', {
      username: ['Enter a valid username: up to 150 letters, digits and @/./+/-/_ characters.'],
    });
  }
};

const validateNewPassword = (password: string, field: string): void => {
  if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH) {
    const message = `This password is too short. It must contain at least ${MIN_PASSWORD_LENGTH} characters.`;
    throw new ValidationError(message, { [field]: [message] });
  }
  if (password.length > 256) {
    throw new ValidationError('This password is too long.', { [field]: ['This password is too long.'] });
  }
  // Anything printable, in any script; no control character, line break or lone surrogate.
  const problem = textProblem(password, 'single');
  if (problem) throw new ValidationError(problem, { [field]: [problem] });
};
