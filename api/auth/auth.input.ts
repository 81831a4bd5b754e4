import { Length } from 'class-validator';
import { Field, InputType } from 'type-graphql';

@InputType()
export class ChangePasswordInput {
  @Field(() => String)
  @Length(1, 256)
  oldPassword!: string;

  @Field(() => String)
  @Length(1, 256)
  newPassword!: string;
}
