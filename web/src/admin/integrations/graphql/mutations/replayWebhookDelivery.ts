import { graphql } from '../../../../gql';

/** Sends a delivery again now, with the same event id; answers it, pending again. */
export const REPLAY_WEBHOOK_DELIVERY = graphql(`
  mutation ReplayWebhookDelivery($endpointId: ID!, $deliveryId: ID!) {
    replayWebhookDelivery(endpointId: $endpointId, deliveryId: $deliveryId) {
      ...WebhookDeliveryFields
    }
  }
`);
