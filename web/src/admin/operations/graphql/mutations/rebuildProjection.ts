import { graphql } from '../../../../gql';

export const REBUILD_PROJECTION = graphql(`
  mutation RebuildProjection($name: String!) {
    rebuildProjection(name: $name) {
      name
      caughtUp
      durationMs
    }
  }
`);
