import { describe, expect, it } from 'vitest';
import { type UserState, UserStateReads, userStateFromRow } from '../../src/store/neo4j/user-state.js';

/** A state reader that counts its reads, each giving the next write count. */
function counting() {
  const reads: string[] = [];
  const states = new UserStateReads(async (userId) => {
    reads.push(userId);
    return userStateFromRow({ writes: reads.length, entityTotal: 10, entityOwn: 2 });
  });
  return { reads, states };
}

describe('Neo4j user state: read once per read scope', () => {
  it('reads the state as a scope opens and serves every ask in it from that one read', async () => {
    const { reads, states } = counting();
    const seen: UserState[] = await states.within('ana', async () => {
      expect(reads).toEqual(['ana']);
      return Promise.all([states.of('ana'), states.of('ana'), states.of('ana')]);
    });
    expect(reads).toEqual(['ana']);
    expect(seen.map((s) => s.writes)).toEqual([1, 1, 1]);
    expect(seen[0]?.entities).toEqual({ own: 2, total: 10 });
  });

  it('reads again in a scope after a write forgot it, and each time outside a scope', async () => {
    const { reads, states } = counting();
    await states.within('ana', async () => {
      expect((await states.of('ana')).writes).toBe(1);
      states.forget('bo');
      expect((await states.of('ana')).writes).toBe(1);
      states.forget('ana');
      expect((await states.of('ana')).writes).toBe(2);
    });
    expect((await states.of('ana')).writes).toBe(3);
    expect((await states.of('ana')).writes).toBe(4);
    expect(reads).toHaveLength(4);
  });

  it('keeps one read for overlapping scopes of a user, and none once they all closed', async () => {
    const { reads, states } = counting();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const outer = states.within('ana', () => held);
    await states.within('ana', async () => states.of('ana'));
    release();
    await outer;
    expect(reads).toEqual(['ana']);
    await states.within('ana', async () => states.of('ana'));
    expect(reads).toEqual(['ana', 'ana']);
  });

  it('reads no row as a user that does not exist, and a missing write count as none', () => {
    expect(userStateFromRow(undefined)).toMatchObject({ exists: false, writes: null, factTotal: 0 });
    expect(userStateFromRow({ writes: null, factTotal: 7 })).toMatchObject({
      exists: true,
      writes: null,
      factTotal: 7,
    });
  });

  it('surfaces a failed read where the state is asked for, and the scope still closes', async () => {
    const states = new UserStateReads(async () => {
      throw new Error('server gone');
    });
    await expect(states.within('ana', () => states.of('ana'))).rejects.toThrow('server gone');
    await expect(states.within('ana', async () => 'no state asked')).resolves.toBe('no state asked');
  });
});
