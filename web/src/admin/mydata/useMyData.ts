import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import type { ProductClassificationInput } from './classifications';
import { SEND_TO_MY_DATA_AGAIN } from './graphql/mutations/sendToMyDataAgain';
import { SET_MY_DATA_CLASSIFICATIONS } from './graphql/mutations/setMyDataClassifications';
import { MY_DATA_FAILURES } from './graphql/queries/myDataFailures';
import { MY_DATA_SETTINGS } from './graphql/queries/myDataSettings';
import { MY_DATA_TRANSMISSION } from './graphql/queries/myDataTransmission';

/** While a document waits to be sent, its state is read again this often: the sender works in the background. */
const WAITING_POLL_MS = 4000;

/** A document's transmission (undefined id: nothing asked), read again while it waits to be sent. */
export const useMyDataTransmission = (documentId: string | undefined) => {
  const { data, loading, error, refetch, startPolling, stopPolling } = useQuery(MY_DATA_TRANSMISSION, { variables: { documentId: documentId ?? '' }, skip: !documentId, notifyOnNetworkStatusChange: false });
  const transmission = data?.myDataTransmission;
  const waiting = transmission?.status === 'pending';
  useEffect(() => {
    if (!waiting) return;
    startPolling(WAITING_POLL_MS);
    return () => stopPolling();
  }, [waiting, startPolling, stopPolling]);
  return { transmission, loading: loading && !data, error, refetch };
};

export const useMyDataFailures = () => {
  const { data, loading, error, refetch } = useQuery(MY_DATA_FAILURES);
  return { failures: data?.myDataFailures ?? [], loading: loading && !data, error, refetch };
};

/** Sends a refused document again; the inbox and the document's state are read anew. */
export const useSendToMyDataAgain = () => {
  const [send, { loading }] = useMutation(SEND_TO_MY_DATA_AGAIN, { refetchQueries: ['MyDataFailures', 'MyDataTransmission'], awaitRefetchQueries: true });
  return {
    sendAgain: async (documentId: string) => {
      const { data } = await send({ variables: { documentId } });
      return data?.sendToMyDataAgain;
    },
    sending: loading,
  };
};

export const useMyDataSettings = () => {
  const { data, loading, error, refetch } = useQuery(MY_DATA_SETTINGS);
  return { settings: data?.myDataSettings, loading: loading && !data, error, refetch };
};

/** Sets the company's classifications, or products' own; the settings the screens show are its answer (one cached record). */
export const useSetMyDataClassifications = () => {
  const [set, { loading }] = useMutation(SET_MY_DATA_CLASSIFICATIONS);
  return {
    save: async (classifications: Array<{ invoiceType: string; type: string; category: string }>) => {
      await set({ variables: { input: { classifications } } });
    },
    saveProducts: async (products: ProductClassificationInput[]) => {
      await set({ variables: { input: { products } } });
    },
    saving: loading,
  };
};
