import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../platform/graphql/context';
import { ProductInput } from './product.input';
import { ProductOutput } from './product.output';
import { pathId } from '../platform/wire';

const NOT_FOUND = 'Product not found.';

@Resolver(() => ProductOutput)
export class ProductResolver {
  @Authorized('superuser')
  @Query(() => [ProductOutput], { description: 'Every product by name (a short list: not paginated).' })
  async products(@Ctx() ctx: GraphQLContext): Promise<ProductOutput[]> {
    return (await ctx.services.billing.products.list()).map(ProductOutput.from);
  }

  @Authorized('superuser')
  @Query(() => ProductOutput)
  async product(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<ProductOutput> {
    return ProductOutput.from(await ctx.services.billing.products.get(pathId(id, NOT_FOUND)));
  }

  @Authorized('superuser')
  @Mutation(() => ProductOutput)
  async createProduct(@Arg('input', () => ProductInput) input: ProductInput, @Ctx() ctx: GraphQLContext): Promise<ProductOutput> {
    return ProductOutput.from(await ctx.services.billing.products.create(input.toCommand(), ctx.user!.id));
  }

  @Authorized('superuser')
  @Mutation(() => ProductOutput)
  async updateProduct(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => ProductInput) input: ProductInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ProductOutput> {
    return ProductOutput.from(await ctx.services.billing.products.update(pathId(id, NOT_FOUND), input.toCommand(), ctx.user!.id));
  }

  @Authorized('superuser')
  @Mutation(() => Boolean)
  async deleteProduct(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.billing.products.remove(pathId(id, NOT_FOUND), ctx.user!.id);
    return true;
  }
}
