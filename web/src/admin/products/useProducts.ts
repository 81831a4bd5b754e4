import { useMutation, useQuery } from '@apollo/client/react';
import { CREATE_PRODUCT } from './graphql/mutations/createProduct';
import { DELETE_PRODUCT } from './graphql/mutations/deleteProduct';
import { UPDATE_PRODUCT } from './graphql/mutations/updateProduct';
import { PRODUCTS } from './graphql/queries/products';
import type { ProductValues, ProductView } from './productTypes';

const refetchQueries = ['AdminProducts'];

export const useProducts = () => {
  const { data, loading, error, refetch } = useQuery(PRODUCTS);
  return { products: (data?.products ?? []) as ProductView[], loading: loading && !data, error, refetch };
};

export const useSaveProduct = () => {
  const [create, created] = useMutation(CREATE_PRODUCT, { refetchQueries, awaitRefetchQueries: true });
  const [update, updated] = useMutation(UPDATE_PRODUCT, { refetchQueries, awaitRefetchQueries: true });
  const save = async (product: ProductView | null, v: ProductValues) => {
    const input = { name: v.name, price: v.price, billingCycle: v.billingCycle, vatRate: v.vatRate ?? 0 };
    if (product) await update({ variables: { id: product.id, input: { ...input, version: product.version } } });
    else await create({ variables: { input } });
  };
  return { save, saving: created.loading || updated.loading };
};

export const useDeleteProduct = () => {
  const [remove] = useMutation(DELETE_PRODUCT, { refetchQueries, awaitRefetchQueries: true });
  return async (id: string) => {
    await remove({ variables: { id } });
  };
};
