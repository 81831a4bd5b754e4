import { graphql } from '../../../../gql';

/** What the webhooks list shows and edits of an endpoint (never its secret). */
export const WEBHOOK_ENDPOINT_FIELDS = graphql(`
  fragment WebhookEndpointFields on WebhookEndpoint {
    id
    url
    description
    events
    enabled
    disabledReason
    disabledBy
    lastFailure
    createdAt
  }
`);
