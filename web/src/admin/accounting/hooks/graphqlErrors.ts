import { CombinedGraphQLErrors } from '@apollo/client';

/** The server's field errors (extensions.fieldErrors of our error model), keyed by field path. */
export const fieldErrorsOf = (err: unknown): Record<string, string[]> => {
  if (!CombinedGraphQLErrors.is(err)) return {};
  const out: Record<string, string[]> = {};
  for (const e of err.errors) {
    const fields = (e.extensions as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors;
    if (fields) Object.assign(out, fields);
  }
  return out;
};

/** The first GraphQL error's message (already user-facing in our error model), else the error's own. */
export const messageOf = (err: unknown): string => {
  if (CombinedGraphQLErrors.is(err) && err.errors[0]) return err.errors[0].message;
  return err instanceof Error ? err.message : String(err);
};
