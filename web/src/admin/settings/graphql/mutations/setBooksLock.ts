import { graphql } from '../../../../gql';

export const SET_BOOKS_LOCK = graphql(`
  mutation SetBooksLock($lockedThrough: String) {
    setBooksLock(lockedThrough: $lockedThrough) {
      lockedThrough
    }
  }
`);
