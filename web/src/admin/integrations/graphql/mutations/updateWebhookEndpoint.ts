import { graphql } from '../../../../gql';

/** Changes what is given; enabled: true turns a disabled endpoint back on. */
export const UPDATE_WEBHOOK_ENDPOINT = graphql(`
  mutation UpdateWebhookEndpoint($id: ID!, $input: WebhookEndpointInput!) {
    updateWebhookEndpoint(id: $id, input: $input) {
      ...WebhookEndpointFields
    }
  }
`);
