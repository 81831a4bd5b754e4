import { graphql } from '../../../../gql';

/** One delivery of the deliveries drawer: its state, the body sent and every attempt. */
export const WEBHOOK_DELIVERY_FIELDS = graphql(`
  fragment WebhookDeliveryFields on WebhookDelivery {
    id
    sequence
    eventId
    eventType
    status
    attempts
    nextAttemptAt
    createdAt
    deliveredAt
    payload
    log {
      at
      statusCode
      error
      durationMs
    }
  }
`);
