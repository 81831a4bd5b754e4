import type { JournalEvent, PostedLines } from './events';

export type JournalEntry =
  | { status: 'empty' }
  | ({ status: 'active'; entryId: string; version: number } & PostedLines)
  | ({ status: 'deleted'; entryId: string; version: number } & PostedLines);

export const initialState = (): JournalEntry => ({ status: 'empty' });

const posted = (p: PostedLines): PostedLines => ({ date: p.date, description: p.description, lines: p.lines });

export const evolve = (state: JournalEntry, event: JournalEvent): JournalEntry => {
  switch (event.type) {
    case 'JournalEntryRecorded':
      return { status: 'active', entryId: event.data.entryId, version: 1, ...posted(event.data) };
    case 'JournalEntryCorrected':
      if (state.status === 'empty') return state;
      return { status: 'active', entryId: state.entryId, version: state.version + 1, ...posted(event.data) };
    case 'JournalEntryDeleted':
      if (state.status === 'empty') return state;
      return { ...state, status: 'deleted', version: state.version + 1 };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
};

export const replay = (events: JournalEvent[]): JournalEntry => events.reduce(evolve, initialState());
