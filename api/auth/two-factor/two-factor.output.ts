import { Field, Int, ObjectType } from 'type-graphql';
import type { TwoFactorSetup, TwoFactorStatus } from './two-factor.service';

@ObjectType('TwoFactorStatus')
export class TwoFactorStatusOutput {
  @Field(() => Boolean)
  enabled!: boolean;

  @Field(() => Boolean)
  setupRequired!: boolean;

  @Field(() => Boolean)
  canDisable!: boolean;

  @Field(() => Int)
  recoveryCodesLeft!: number;

  static from(status: TwoFactorStatus): TwoFactorStatusOutput {
    return Object.assign(new TwoFactorStatusOutput(), status);
  }
}

@ObjectType('TwoFactorSetup', { description: 'Shown once, while enrolling; the secret is never returned after enrolment.' })
export class TwoFactorSetupOutput {
  @Field(() => String)
  secret!: string;

  @Field(() => String)
  otpauthUrl!: string;

  @Field(() => String, { description: 'The otpauth URL as a PNG data URL.' })
  qrCode!: string;

  static from(setup: TwoFactorSetup): TwoFactorSetupOutput {
    return Object.assign(new TwoFactorSetupOutput(), setup);
  }
}
