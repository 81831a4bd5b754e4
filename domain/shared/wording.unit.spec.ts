import { describe, expect, it } from 'vitest';
import { fillWording, readWording } from './wording';

describe('a refusal worded with values', () => {
  const wording = 'The parts add up to {sum}; the line is {line}.';

  it('is filled by the server and read back by a client', () => {
    const text = fillWording(wording, { sum: '10.00', line: '-12.50' });
    expect(text).toBe('The parts add up to 10.00; the line is -12.50.');
    expect(readWording(wording, text)).toEqual({ sum: '10.00', line: '-12.50' });
  });

  it('reads a value at the start or the end, and a wording without values only as itself', () => {
    expect(readWording('{amount} is open.', '5.00 is open.')).toEqual({ amount: '5.00' });
    expect(readWording('At most {max}', 'At most 200')).toEqual({ max: '200' });
    expect(readWording('Nothing to fill.', 'Nothing to fill.')).toEqual({});
    expect(readWording('Nothing to fill.', 'Something else.')).toBeNull();
  });

  it('is not another text, nor the wording with a value left out', () => {
    expect(readWording(wording, 'The parts add up to 10.00.')).toBeNull();
    expect(readWording(wording, 'The parts add up to ; the line is 1.00.')).toBeNull();
    expect(readWording(wording, 'Something else.')).toBeNull();
  });
});
