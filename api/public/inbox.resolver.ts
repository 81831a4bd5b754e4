import { Arg, Authorized, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { UnauthenticatedError, ValidationError } from '../../domain/shared/errors';
import type { GraphQLContext } from '../platform/graphql/context';
import { InboxService, type ContactMessageRow, type DemoRequestRow, type InboxFilter } from './inbox.service';

@ObjectType('ContactMessage')
export class ContactMessageOutput {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String) email!: string;
  @Field(() => String) subject!: string;
  @Field(() => String) message!: string;
  @Field(() => String, { nullable: true }) language!: string | null;
  @Field(() => Boolean) handled!: boolean;
  @Field(() => String, { nullable: true }) handledAt!: string | null;
  @Field(() => String) createdAt!: string;

  static from(r: ContactMessageRow): ContactMessageOutput {
    return Object.assign(new ContactMessageOutput(), { ...r, handledAt: r.handled_at, createdAt: r.created_at });
  }
}

@ObjectType('DemoRequest')
export class DemoRequestOutput {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String) email!: string;
  @Field(() => String) company!: string;
  @Field(() => String, { description: 'The requested day, YYYY-MM-DD.' }) date!: string;
  @Field(() => String) time!: string;
  @Field(() => String, { nullable: true }) message!: string | null;
  @Field(() => String, { nullable: true }) language!: string | null;
  @Field(() => Boolean) handled!: boolean;
  @Field(() => String, { nullable: true }) handledAt!: string | null;
  @Field(() => String) createdAt!: string;

  static from(r: DemoRequestRow): DemoRequestOutput {
    return Object.assign(new DemoRequestOutput(), { ...r, handledAt: r.handled_at, createdAt: r.created_at });
  }
}

@ObjectType('ContactMessagePage')
export class ContactMessagePage {
  @Field(() => [ContactMessageOutput]) items!: ContactMessageOutput[];
  @Field(() => Int) total!: number;
}

@ObjectType('DemoRequestPage')
export class DemoRequestPage {
  @Field(() => [DemoRequestOutput]) items!: DemoRequestOutput[];
  @Field(() => Int) total!: number;
}

@ObjectType('InboxCounts')
export class InboxCountsOutput {
  @Field(() => Int) unhandledContactMessages!: number;
  @Field(() => Int) unhandledDemoRequests!: number;
}

const filterOf = (handled: boolean | null | undefined, offset: number, limit: number): InboxFilter => {
  if (!Number.isInteger(offset) || offset < 0) throw new ValidationError('Please correct the errors below.', { offset: ['Must be 0 or more.'] });
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new ValidationError('Please correct the errors below.', { limit: ['Must be between 1 and 200.'] });
  return { handled: handled ?? undefined, offset, limit };
};

const actor = (ctx: GraphQLContext): string => {
  if (!ctx.user) throw new UnauthenticatedError();
  return ctx.user.id;
};

/** Contact messages and demo requests from the public site, worked through in the back office. */
@Resolver()
export class InboxResolver {
  private service(ctx: GraphQLContext): InboxService {
    return new InboxService(ctx.deps);
  }

  @Authorized('superuser')
  @Query(() => ContactMessagePage, { description: 'Unhandled first, then newest first.' })
  async contactMessages(
    @Arg('handled', () => Boolean, { nullable: true }) handled: boolean | null,
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Arg('limit', () => Int, { defaultValue: 50 }) limit: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ContactMessagePage> {
    const page = await this.service(ctx).contactMessages(filterOf(handled, offset, limit));
    return { items: page.items.map(ContactMessageOutput.from), total: page.total };
  }

  @Authorized('superuser')
  @Query(() => DemoRequestPage, { description: 'Unhandled first, then newest first.' })
  async demoRequests(
    @Arg('handled', () => Boolean, { nullable: true }) handled: boolean | null,
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Arg('limit', () => Int, { defaultValue: 50 }) limit: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DemoRequestPage> {
    const page = await this.service(ctx).demoRequests(filterOf(handled, offset, limit));
    return { items: page.items.map(DemoRequestOutput.from), total: page.total };
  }

  @Authorized('superuser')
  @Query(() => InboxCountsOutput)
  async inboxCounts(@Ctx() ctx: GraphQLContext): Promise<InboxCountsOutput> {
    const c = await this.service(ctx).unhandledCounts();
    return { unhandledContactMessages: c.contact, unhandledDemoRequests: c.demo };
  }

  @Authorized('superuser')
  @Mutation(() => ContactMessageOutput)
  async markContactMessageHandled(
    @Arg('id', () => ID) id: string,
    @Arg('handled', () => Boolean, { defaultValue: true }) handled: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ContactMessageOutput> {
    return ContactMessageOutput.from((await this.service(ctx).markHandled('contact', id, handled, actor(ctx))) as ContactMessageRow);
  }

  @Authorized('superuser')
  @Mutation(() => DemoRequestOutput)
  async markDemoRequestHandled(
    @Arg('id', () => ID) id: string,
    @Arg('handled', () => Boolean, { defaultValue: true }) handled: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DemoRequestOutput> {
    return DemoRequestOutput.from((await this.service(ctx).markHandled('demo', id, handled, actor(ctx))) as DemoRequestRow);
  }
}
