/**
 * The append statement, one per expected-revision mode. The first CTE moves the stream's revision
 * (or finds nothing, which is a conflict); the insert then numbers the events from the old revision.
 */
export type StreamRevisionStep = 'any' | 'no_stream' | 'stream_exists' | 'exact';

const guards: Record<StreamRevisionStep, string> = {
  any: `insert into streams (stream_id, revision) values (?, ?)
        on conflict (stream_id) do update set revision = streams.revision + ?
        returning revision - ?::bigint as prev`,
  no_stream: `insert into streams (stream_id, revision) values (?, ?)
        on conflict (stream_id) do nothing returning -1::bigint as prev`,
  stream_exists: `update streams set revision = revision + ? where stream_id = ? returning revision - ?::bigint as prev`,
  exact: `update streams set revision = revision + ? where stream_id = ? and revision = ? returning revision - ?::bigint as prev`,
};

export const appendSql = (step: StreamRevisionStep): string => `
  with guard as (${guards[step]}),
  input as (
    select * from jsonb_to_recordset(?::jsonb) as x(ord int, event_id uuid, type text, data jsonb, metadata jsonb))
  insert into events (event_id, stream_id, stream_revision, type, data, metadata)
  select input.event_id, ?, guard.prev + 1 + input.ord, input.type, input.data, input.metadata
    from guard, input order by input.ord
  returning transaction_id::text as tx, global_position as pos, stream_revision`;

/**
 * Appends the first events of several new streams in one statement: a stream that already exists
 * gets no row in `guard`, so fewer events come back than went in, which the caller reports as a
 * conflict (inside its transaction, which then rolls back whole).
 */
export const appendNewStreamsSql = `
  with input as (
    select * from jsonb_to_recordset(?::jsonb)
      as x(ord int, stream_id text, stream_revision bigint, event_id uuid, type text, data jsonb, metadata jsonb)),
  guard as (
    insert into streams (stream_id, revision)
    select stream_id, max(stream_revision) from input group by stream_id
    on conflict (stream_id) do nothing returning stream_id)
  insert into events (event_id, stream_id, stream_revision, type, data, metadata)
  select input.event_id, input.stream_id, input.stream_revision, input.type, input.data, input.metadata
    from input join guard using (stream_id) order by input.ord
  returning transaction_id::text as tx, global_position as pos, stream_id, stream_revision`;
