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

/**
 * Appends a group of appends to distinct streams in one statement (one commit), each with its own
 * expected revision: `app` lists the appends, `input` their events. Each guard moves the revision of
 * the streams whose check passes; an append whose check fails gets no guard row, so its events are
 * not inserted and its stream is missing from the result while the others are written.
 */
export const appendGroupSql = `
  with app as (
    select * from jsonb_to_recordset(?::jsonb) as x(stream_id text, mode text, expected bigint, n int)),
  any_guard as (
    insert into streams (stream_id, revision)
    select stream_id, n - 1 from app where mode = 'any'
    on conflict (stream_id) do update set revision = streams.revision + excluded.revision + 1
    returning stream_id, revision),
  new_guard as (
    insert into streams (stream_id, revision)
    select stream_id, n - 1 from app where mode = 'no_stream'
    on conflict (stream_id) do nothing
    returning stream_id, revision),
  old_guard as (
    update streams set revision = streams.revision + app.n from app
     where streams.stream_id = app.stream_id
       and (app.mode = 'stream_exists' or (app.mode = 'exact' and streams.revision = app.expected))
    returning streams.stream_id, streams.revision),
  guard as (
    select g.stream_id, g.revision - app.n as prev
      from (select * from any_guard union all select * from new_guard union all select * from old_guard) g
      join app using (stream_id)),
  input as (
    select * from jsonb_to_recordset(?::jsonb)
      as x(ord int, stream_id text, i int, event_id uuid, type text, data jsonb, metadata jsonb))
  insert into events (event_id, stream_id, stream_revision, type, data, metadata)
  select input.event_id, input.stream_id, guard.prev + 1 + input.i, input.type, input.data, input.metadata
    from input join guard using (stream_id) order by input.ord
  returning transaction_id::text as tx, global_position as pos, stream_id, stream_revision`;
