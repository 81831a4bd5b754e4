import { graphql } from '../../../../gql';

/** Registers an endpoint: its signing secret is in this answer only. */
export const CREATE_WEBHOOK_ENDPOINT = graphql(`
  mutation CreateWebhookEndpoint($input: WebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      endpoint {
        ...WebhookEndpointFields
      }
      secret
    }
  }
`);
