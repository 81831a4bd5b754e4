const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Malformed ids are answered like unknown ones (404), never passed to a uuid column. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
