import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type Ack,
  type CrashOp,
  checkAcknowledged,
  opsOfRound,
  runCrashWriter,
  seedCrashMemory,
} from '../../bench/crash-workload.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * The crash check itself (`bench/crash-workload.ts`) must tell a lost write from a write in flight:
 * a kill can land after a write committed and before its acknowledgement was recorded (the
 * checkpoint after a commit takes a while), and that write is then the one after the last
 * acknowledged. A forget that had nothing to take used to leave no acknowledgement, so the check
 * took it for the write in flight and reported the correction that really was in flight as a lost
 * write (a false "lost" in CI).
 */

const USERS = 20;

/** Whether a write is quick to run (no bulk add, no import): the test runs only such writes. */
const quick = (op: CrashOp) => !(op.kind === 'add' && op.size > 1) && op.kind !== 'import';

/**
 * The first round whose quick writes include a correction (its index), and the first later round
 * whose quick writes include a forget with nothing to take right before a correction.
 */
function rounds(): {
  corrected: { round: number; index: number };
  target: { round: number; forget: number };
} {
  let corrected: { round: number; index: number } | undefined;
  for (let round = 0; round < 100; round++) {
    const opAt = opsOfRound(round, USERS, 'mixed');
    const addedTo = new Set<string>();
    for (let index = 0; index < 40 && quick(opAt(index)); index++) {
      const op = opAt(index);
      if (op.kind === 'add') addedTo.add(op.user);
      if (!corrected && op.kind === 'correct') {
        corrected = { round, index };
        break;
      }
      if (corrected && op.kind === 'forget' && !addedTo.has(op.user) && opAt(index + 1).kind === 'correct')
        return { corrected, target: { round, forget: index } };
    }
  }
  throw new Error(
    'the crash workload has no quick rounds with a correction, then a forget with nothing to take before one',
  );
}

describe('the crash check', () => {
  const dirs: { remove: () => void }[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) dir.remove();
  });

  it('takes a write that committed but was not acknowledged for the one in flight, after a forget with nothing to take', async () => {
    const dir = tempDir('kgmem-crash-check-');
    dirs.push(dir);
    const dataDir = join(dir.path, 'memory');
    const ackFile = join(dir.path, 'acknowledged.jsonl');
    const { corrected, target } = rounds();
    const { round, forget } = target;
    const writer = { profile: 'mixed' as const, dataDir, users: USERS, ackFile, checkpointLogSize: 0 };
    await seedCrashMemory(dataDir, USERS, 0);
    // A round whose correction is acknowledged: the current home the check expects.
    await runCrashWriter({ ...writer, round: corrected.round }, corrected.index + 1);
    // The round runs up to and including the correction after the forget, which commits...
    await runCrashWriter({ ...writer, round }, forget + 2);
    const lines = readFileSync(ackFile, 'utf8').split('\n').filter(Boolean);
    const acks = lines.map((line) => JSON.parse(line) as Ack).filter((ack) => ack.round === round);
    expect(acks.map((ack) => ack.index)).toEqual(Array.from({ length: forget + 2 }, (_, i) => i));
    expect(acks[forget]).toMatchObject({ op: { kind: 'forget' }, uids: [] });
    // ...and is killed before its acknowledgement was written.
    writeFileSync(ackFile, `${lines.slice(0, -1).join('\n')}\n`);
    const check = await checkAcknowledged(dataDir, ackFile, {
      users: USERS,
      profile: 'mixed',
      checkpointLogSize: 0,
      rounds: round + 1,
    });
    expect(check).toEqual({ acknowledged: corrected.index + 1 + forget + 1, missing: [] });
  }, 120_000);

  it('takes the first write of a round killed before any acknowledgement for the one in flight', async () => {
    const dir = tempDir('kgmem-crash-check-');
    dirs.push(dir);
    const dataDir = join(dir.path, 'memory');
    const ackFile = join(dir.path, 'acknowledged.jsonl');
    const { corrected } = rounds();
    // A later round whose first write is a correction (a kill 100 ms in can land before it returns).
    let round = corrected.round + 1;
    while (opsOfRound(round, USERS, 'mixed')(0).kind !== 'correct') round++;
    const first = opsOfRound(round, USERS, 'mixed')(0);
    if (first.kind !== 'correct') throw new Error(`round ${round} does not start with a correction`);
    const writer = { profile: 'mixed' as const, dataDir, users: USERS, ackFile, checkpointLogSize: 0 };
    await seedCrashMemory(dataDir, USERS, 0);
    await runCrashWriter({ ...writer, round: corrected.round }, corrected.index + 1);
    const acknowledged = readFileSync(ackFile, 'utf8');
    // The round's first write, a correction, commits; the kill comes before its acknowledgement.
    await runCrashWriter({ ...writer, round }, 1);
    writeFileSync(ackFile, acknowledged);
    const options = { users: USERS, profile: 'mixed' as const, checkpointLogSize: 0 };
    const check = await checkAcknowledged(dataDir, ackFile, { ...options, rounds: round + 1 });
    expect(check).toEqual({ acknowledged: corrected.index + 1, missing: [] });
    // Not a check that cannot fail: had the round not run, the same home would be missing.
    const withoutTheRound = await checkAcknowledged(dataDir, ackFile, { ...options, rounds: round });
    expect(withoutTheRound.missing).toEqual([
      expect.stringContaining(`the current home is ["Home ${first.n}"]`),
    ]);
  }, 120_000);
});
