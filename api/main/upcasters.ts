import type { Upcaster } from '../../eventstore/upcasting';
import { invoiceUpcasters } from '../../domain/invoice/upcasters';

/**
 * Every upcaster of the product: when a domain event's shape changes, its aggregate bumps the
 * schemaVersion it writes and adds pure `{ eventType, fromVersion, upcast }` steps to its
 * `domain/<aggregate>/upcasters.ts`, listed here, so events already stored are read in the new
 * shape. The event store applies them on every read (streams, readAll, subscriptions); the
 * domain's decoders and folds see only current shapes.
 */
export const upcasters = (): Upcaster[] => [...invoiceUpcasters];
