import { graphql } from '../../../../gql';

/** An endpoint's deliveries, newest first; `before` (a delivery's sequence) pages back. */
export const WEBHOOK_DELIVERIES = graphql(`
  query WebhookDeliveries($endpointId: ID!, $limit: Int, $before: Int) {
    webhookDeliveries(endpointId: $endpointId, limit: $limit, before: $before) {
      ...WebhookDeliveryFields
    }
  }
`);
