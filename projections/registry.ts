import type { Projection, Reactor } from './projection';

/** Every read model of the product. Feature modules add theirs here. */
export const projections = (): Projection[] => [];

/** Every reactor of the product. Feature modules add theirs here. */
export const reactors = (): Reactor[] => [];
