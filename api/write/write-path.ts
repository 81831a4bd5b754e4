import type { AppDeps } from '../platform/deps';
import { DocumentNumbers } from './numbering/document-numbers';
import { CommandHandler } from './command-handler';
import { readPeriodLock } from './period-lock';
import { dayOf } from '../../domain/shared/dates';

export interface WritePath {
  commands: CommandHandler;
  numbers: DocumentNumbers;
}

const built = new WeakMap<AppDeps, WritePath>();

/** The command handler and document numbers of one app: every service built from `deps` shares them. */
export const writePathOf = (deps: AppDeps): WritePath => {
  let path = built.get(deps);
  if (!path) {
    const numbers = new DocumentNumbers(deps.db, deps.eventStore, deps.logger);
    const commands = new CommandHandler({
      eventStore: deps.eventStore,
      numbers,
      waitFor: (position, options) => deps.projections.waitFor(position, options),
      lockedThrough: readPeriodLock,
      today: () => dayOf(deps.clock()),
      logger: deps.logger,
    });
    built.set(deps, (path = { commands, numbers }));
  }
  return path;
};
