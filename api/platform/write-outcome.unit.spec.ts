import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../domain/shared/errors';
import { answerAfterWrite } from './write-outcome';

const logger = pino({ level: 'silent' });
const notYetListed = async (): Promise<string> => {
  throw new NotFoundError('Credit note not found.');
};

describe('answerAfterWrite outside a request', () => {
  it('answers what was written when the write appended and its read model does not have it yet', async () => {
    await expect(answerAfterWrite(logger, notYetListed, () => 'from the event', { position: '1/1' })).resolves.toBe('from the event');
  });

  it('lets the read refuse when nothing was appended', async () => {
    await expect(answerAfterWrite(logger, notYetListed, () => 'from the event', {})).rejects.toBeInstanceOf(NotFoundError);
    // Without the write path's outcome nothing outside a request says an append happened.
    await expect(answerAfterWrite(logger, notYetListed, () => 'from the event')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('answers the read when it has the write', async () => {
    await expect(answerAfterWrite(logger, async () => 'listed', () => 'from the event', { position: '1/1' })).resolves.toBe('listed');
  });
});
