import { describe, expect, it } from 'vitest';
import { GroupCommitter, takeGroup, type Queued } from './group-commit';

interface Item extends Queued {
  name: string;
  failed?: unknown;
}

const item = (name: string, streamId: string, eventCount = 1): Item => {
  const it: Item = { name, streamId, eventCount, reject: (err) => void (it.failed ??= err) };
  return it;
};
const names = (items: Item[]) => items.map((i) => i.name);
const limits = { maxAppends: 64, maxEvents: 400, maxGroupedAppend: 300 };

describe('takeGroup', () => {
  it('takes queued appends in arrival order, one per stream, sending a second append of a stream alone', () => {
    const queue = [item('a1', 'a'), item('b1', 'b'), item('a2', 'a'), item('c1', 'c')];
    const { group, alone, rest } = takeGroup(queue, new Set(), limits);
    expect(names(group)).toEqual(['a1', 'b1', 'c1']);
    expect(names(alone)).toEqual(['a2']);
    expect(rest).toEqual([]);
  });

  it('sends appends to streams that are being written alone', () => {
    const { group, alone } = takeGroup([item('a1', 'a'), item('b1', 'b')], new Set(['a']), limits);
    expect(names(group)).toEqual(['b1']);
    expect(names(alone)).toEqual(['a1']);
  });

  it('leaves what exceeds the append and event limits for a later group, keeping the order', () => {
    const many = Array.from({ length: 5 }, (_, i) => item(`s${i}`, `s${i}`));
    const byCount = takeGroup(many, new Set(), { ...limits, maxAppends: 3 });
    expect([names(byCount.group), names(byCount.rest)]).toEqual([['s0', 's1', 's2'], ['s3', 's4']]);

    const sized = [item('a', 'a', 300), item('b', 'b', 200), item('c', 'c', 100), item('b2', 'b'), item('d', 'd', 1)];
    const byEvents = takeGroup(sized, new Set(), limits);
    expect([names(byEvents.group), names(byEvents.rest)]).toEqual([['a', 'c'], ['b', 'b2', 'd']]);
  });

  it('sends appends of more than maxGroupedAppend events alone', () => {
    const { group, alone } = takeGroup([item('big', 'a', 301), item('b', 'b'), item('a2', 'a')], new Set(), limits);
    expect([names(group), names(alone)]).toEqual([['b', 'a2'], ['big']]);
  });
});

/** A commit function whose groups the test finishes by hand. */
const manualCommits = () => {
  const groups: { names: string[]; finish: () => void; fail: (err: unknown) => void }[] = [];
  const commit = (group: Item[]) =>
    new Promise<void>((resolve, reject) => groups.push({ names: names(group), finish: resolve, fail: reject }));
  return { groups, commit };
};
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupCommitter', () => {
  it('commits appends made in one turn together, and those arriving during a commit in the next group', async () => {
    const { groups, commit } = manualCommits();
    const committer = new GroupCommitter(commit, { ...limits, maxInFlight: 1 });
    for (const s of ['a', 'b', 'c']) committer.submit(item(s, s));
    expect(groups).toEqual([]);
    await turn();
    expect(groups.map((g) => g.names)).toEqual([['a', 'b', 'c']]);

    for (const s of ['d', 'e']) committer.submit(item(s, s));
    await turn();
    expect(groups.length).toBe(1);
    groups[0]!.finish();
    await turn();
    await turn();
    expect(groups.map((g) => g.names)).toEqual([['a', 'b', 'c'], ['d', 'e']]);
  });

  it('keeps at most maxInFlight groups committing, and sends appends to a stream being written, or large ones, alone at once', async () => {
    const { groups, commit } = manualCommits();
    const committer = new GroupCommitter(commit, { ...limits, maxAppends: 2, maxInFlight: 2 });
    for (const s of ['a', 'b', 'c', 'd', 'e']) committer.submit(item(s, s));
    await turn();
    expect(groups.map((g) => g.names)).toEqual([['a', 'b'], ['c', 'd']]);
    committer.submit(item('a2', 'a'));
    committer.submit(item('big', 'f', 301));
    expect(groups.map((g) => g.names)).toEqual([['a', 'b'], ['c', 'd'], ['a2'], ['big']]);
    groups[2]!.finish();
    groups[0]!.finish();
    await turn();
    await turn();
    expect(groups.map((g) => g.names)).toEqual([['a', 'b'], ['c', 'd'], ['a2'], ['big'], ['e']]);
  });

  it('fails the appends of a group whose commit throws, and carries on', async () => {
    const { groups, commit } = manualCommits();
    const committer = new GroupCommitter(commit, { ...limits, maxInFlight: 1 });
    const a = item('a', 'a');
    const b = item('b', 'b');
    committer.submit(a);
    committer.submit(b);
    await turn();
    const boom = new Error('connection lost');
    groups[0]!.fail(boom);
    await turn();
    expect([a.failed, b.failed]).toEqual([boom, boom]);
    committer.submit(item('c', 'a'));
    await turn();
    expect(groups.map((g) => g.names)).toEqual([['a', 'b'], ['c']]);
  });
});
