import { graphql } from '../../../../gql';

export const PROJECTION_STATUS = graphql(`
  query ProjectionStatus {
    projectionStatus {
      name
      kind
      position
      lag
      lagCapped
      state
      eventsProcessed
      updatedAt
      lastError
      rebuildable
      skipped
      skippedResolved
      skippedEvents {
        eventId
        position
        streamId
        eventType
        error
        skippedAt
      }
    }
  }
`);
