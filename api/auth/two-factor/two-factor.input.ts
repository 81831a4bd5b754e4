import { IsOptional, Length } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { IsCleanText } from '../../platform/graphql/validators';

@InputType()
export class TwoFactorProofInput {
  @Field(() => String, { nullable: true, description: 'A current authentication code or an unused recovery code.' })
  @IsOptional()
  @Length(1, 64)
  @IsCleanText('single')
  otp?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 256)
  @IsCleanText('single')
  password?: string | null;
}
