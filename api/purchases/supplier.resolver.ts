import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../platform/graphql/context';
import { withInputNames } from '../platform/graphql/validators';
import { SupplierInput } from './supplier.input';
import { SupplierOutput } from './supplier.output';

/** Command fields named otherwise in SupplierInput. */
const INPUT_NAMES = { defaultVatRateBp: 'defaultVatRate' };

@Resolver(() => SupplierOutput)
export class SupplierResolver {
  @Authorized('superuser')
  @Query(() => [SupplierOutput], { description: 'Every supplier by name.' })
  async suppliers(@Ctx() ctx: GraphQLContext): Promise<SupplierOutput[]> {
    return (await ctx.services.purchases.suppliers.list()).map(SupplierOutput.from);
  }

  @Authorized('superuser')
  @Query(() => SupplierOutput)
  async supplier(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<SupplierOutput> {
    return SupplierOutput.from(await ctx.services.purchases.suppliers.get(id));
  }

  @Authorized('superuser')
  @Mutation(() => SupplierOutput)
  async createSupplier(@Arg('input', () => SupplierInput) input: SupplierInput, @Ctx() ctx: GraphQLContext): Promise<SupplierOutput> {
    return SupplierOutput.from(await withInputNames(INPUT_NAMES, () => ctx.services.purchases.suppliers.create(input.toCommand(), ctx.user!.id)));
  }

  @Authorized('superuser')
  @Mutation(() => SupplierOutput)
  async updateSupplier(@Arg('id', () => ID) id: string, @Arg('input', () => SupplierInput) input: SupplierInput, @Ctx() ctx: GraphQLContext): Promise<SupplierOutput> {
    return SupplierOutput.from(await withInputNames(INPUT_NAMES, () => ctx.services.purchases.suppliers.update(id, input.toCommand(), ctx.user!.id)));
  }

  @Authorized('superuser')
  @Mutation(() => Boolean)
  async deleteSupplier(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.purchases.suppliers.remove(id, ctx.user!.id);
    return true;
  }
}
