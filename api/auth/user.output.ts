import { Field, ID, ObjectType } from 'type-graphql';
import type { User } from './user.service';

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

  static from(user: User): UserOutput {
    return Object.assign(new UserOutput(), {
      id: user.id,
      username: user.username,
      email: user.email,
      isSuperuser: user.is_superuser,
      clientId: user.client_id,
    });
  }
}

@ObjectType()
export class LoginResult {
  @Field(() => Boolean)
  success!: boolean;

  @Field(() => Boolean)
  isSuperuser!: boolean;

  @Field(() => UserOutput)
  user!: UserOutput;
}
