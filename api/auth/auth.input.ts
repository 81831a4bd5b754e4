import { Length } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { IsCleanText } from '../platform/graphql/validators';

@InputType()
export class ChangePasswordInput {
  @Field(() => String)
  @Length(1, 256)
  @IsCleanText('single')
  oldPassword!: string;

  @Field(() => String)
  @Length(1, 256)
  @IsCleanText('single')
  newPassword!: string;
}
