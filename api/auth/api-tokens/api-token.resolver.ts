import { ArrayMaxSize, IsOptional, MaxLength } from 'class-validator';
import { Arg, Authorized, Ctx, Field, ID, InputType, Mutation, ObjectType, Query, Resolver, registerEnumType } from 'type-graphql';
import { TOKEN_AREAS, TOKEN_SCOPES, type TokenArea, type TokenScope } from '../../../domain/auth/api-token';
import type { GraphQLContext } from '../../platform/graphql/context';
import { IsCleanText } from '../../platform/graphql/validators';
import { pathId } from '../../platform/wire';
import type { ApiToken } from './api-token.service';

const ApiTokenScope = Object.fromEntries(TOKEN_SCOPES.map((s) => [s, s])) as Record<TokenScope, TokenScope>;
const ApiTokenArea = Object.fromEntries(TOKEN_AREAS.map((a) => [a, a])) as Record<TokenArea, TokenArea>;
registerEnumType(ApiTokenScope, { name: 'ApiTokenScope', description: 'read: queries and GET only; write: everything its areas hold.' });
registerEnumType(ApiTokenArea, { name: 'ApiTokenArea', description: 'billing, accounting, or all (both and the administration).' });

@ObjectType('ApiToken', { description: 'An API token (never its secret).' })
class ApiTokenOutput {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => ApiTokenScope) scope!: TokenScope;
  @Field(() => [ApiTokenArea]) areas!: TokenArea[];
  @Field(() => String, { description: "The secret's first characters, to tell tokens apart." }) prefix!: string;
  @Field(() => String) createdAt!: string;
  @Field(() => String, { nullable: true }) expiresAt!: string | null;
  @Field(() => String, { nullable: true }) lastUsedAt!: string | null;
  @Field(() => String, { nullable: true }) revokedAt!: string | null;

  static from(t: ApiToken): ApiTokenOutput {
    return Object.assign(new ApiTokenOutput(), { id: t.id, name: t.name, scope: t.scope, areas: t.areas, prefix: t.prefix, createdAt: t.createdAt, expiresAt: t.expiresAt, lastUsedAt: t.lastUsedAt, revokedAt: t.revokedAt });
  }
}

@ObjectType('CreatedApiToken')
class CreatedApiTokenOutput {
  @Field(() => ApiTokenOutput) apiToken!: ApiTokenOutput;
  @Field(() => String, { description: 'The secret: shown this once, never again.' }) token!: string;
}

@InputType('ApiTokenInput')
class ApiTokenInput {
  @Field(() => String) @MaxLength(200) @IsCleanText('single') name!: string;
  @Field(() => ApiTokenScope) scope!: TokenScope;
  @Field(() => [ApiTokenArea]) @ArrayMaxSize(3) areas!: TokenArea[];
  @Field(() => String, { nullable: true, description: 'A day (YYYY-MM-DD, its end in UTC) or an ISO 8601 instant; absent: never.' })
  @IsOptional()
  @MaxLength(40)
  @IsCleanText('single')
  expiresAt?: string | null;
}

const NOT_FOUND = 'API token not found.';

@Resolver()
export class ApiTokenResolver {
  @Authorized('superuser')
  @Query(() => [ApiTokenOutput], { description: 'Every API token, live ones first.' })
  async apiTokens(@Ctx() ctx: GraphQLContext): Promise<ApiTokenOutput[]> {
    return (await ctx.services.auth.tokens.list()).map(ApiTokenOutput.from);
  }

  @Authorized('superuser')
  @Mutation(() => CreatedApiTokenOutput, { description: 'Makes an API token; its secret is in this answer only.' })
  async createApiToken(@Arg('input', () => ApiTokenInput) input: ApiTokenInput, @Ctx() ctx: GraphQLContext): Promise<CreatedApiTokenOutput> {
    const created = await ctx.services.auth.tokens.create({ name: input.name, scope: input.scope, areas: input.areas, expiresAt: input.expiresAt }, ctx.user!.id);
    return Object.assign(new CreatedApiTokenOutput(), { apiToken: ApiTokenOutput.from(created), token: created.token });
  }

  @Authorized('superuser')
  @Mutation(() => ApiTokenOutput, { description: 'Revokes an API token at once (kept, for the history that names its writes).' })
  async revokeApiToken(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<ApiTokenOutput> {
    return ApiTokenOutput.from(await ctx.services.auth.tokens.revoke(pathId(id, NOT_FOUND), ctx.user!.id));
  }
}
