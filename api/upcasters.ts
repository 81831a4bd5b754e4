import type { Upcaster } from '../eventstore/upcasting';

/**
 * Every upcaster of the product: when a domain event's shape changes, its module bumps the
 * schemaVersion it writes and adds a pure `{ eventType, fromVersion, upcast }` here, so events
 * already stored are read in the new shape. The event store applies them on every read.
 */
export const upcasters = (): Upcaster[] => [];
