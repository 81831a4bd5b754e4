import { graphql } from '../../../../gql';

/** Every webhook endpoint; a disabled one says why (the inbox shows those the product disabled). */
export const WEBHOOK_ENDPOINTS = graphql(`
  query WebhookEndpoints {
    webhookEndpoints {
      ...WebhookEndpointFields
    }
  }
`);
