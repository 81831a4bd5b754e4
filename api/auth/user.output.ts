import { Field, ID, ObjectType } from 'type-graphql';
import type { User } from '../platform/user';

@ObjectType('User')
export class UserOutput {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  username!: string;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field(() => Boolean)
  isSuperuser!: boolean;

  @Field(() => ID, { nullable: true })
  clientId!: string | null;

  @Field(() => Boolean)
  twoFactorEnabled!: boolean;

  @Field(() => Boolean, { description: 'REQUIRE_ADMIN_2FA: this superuser must enrol before the admin operations answer.' })
  twoFactorSetupRequired!: boolean;

  @Field(() => Boolean, { description: 'Signed in with a generated password: only changePassword, me and logout answer until a new one is chosen.' })
  passwordChangeRequired!: boolean;

  static from(user: User): UserOutput {
    return Object.assign(new UserOutput(), {
      id: user.id,
      username: user.username,
      email: user.email,
      isSuperuser: user.is_superuser,
      clientId: user.client_id,
      twoFactorEnabled: user.two_factor_enabled,
      twoFactorSetupRequired: !!user.two_factor_setup_required,
      passwordChangeRequired: !!user.password_change_required,
    });
  }
}

/**
 * Signed in (`success`, `user`), or the password was right and the second factor is missing
 * (`success: false`, `otpRequired: true`, no user): call login again with `otp`.
 */
@ObjectType()
export class LoginResult {
  @Field(() => Boolean)
  success!: boolean;

  @Field(() => Boolean)
  otpRequired!: boolean;

  @Field(() => Boolean, { nullable: true })
  isSuperuser!: boolean | null;

  @Field(() => UserOutput, { nullable: true })
  user!: UserOutput | null;
}
