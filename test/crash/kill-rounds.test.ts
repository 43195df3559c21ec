import { describe, expect, it } from 'vitest';
import { type CrashSummary, crashRounds, type RoundResult } from '../../bench/crash.js';

/**
 * kill -9 at random moments while a process writes, each followed by a reopen in a new process
 * that checks every acknowledged write (`bench/crash.ts`): the memory always opens, and nothing
 * acknowledged is lost. A LadybugDB checkpoint cut short used to leave a database that crashed
 * every later open.
 */
const report = (round: RoundResult) =>
  console.log(
    `round ${round.round}: killed ${round.killedAfterMs} ms in, files [${round.files.join(' ')}], ` +
      `${round.opened ? 'reopened' : `NOT reopened (${round.error})`}, ${round.acknowledged} acknowledged, ` +
      `${round.missing.length} missing${round.missing.length ? `: ${round.missing.slice(0, 3).join('; ')}` : ''}`,
  );

const summarise = (name: string, summary: CrashSummary) =>
  console.log(
    `${name}: ${summary.reopened} of ${summary.rounds.length} reopened, ${summary.acknowledged} writes acknowledged, ` +
      `${summary.lost} lost, ${summary.inCheckpoint} kills inside a checkpoint`,
  );

/** What each round's check found missing, so that a failure says which write and why. */
const missingWrites = (summary: CrashSummary) =>
  summary.rounds.flatMap((round) => round.missing.map((what) => `check after round ${round.round}: ${what}`));

describe('kill -9 during writes, then a reopen in a new process', () => {
  it.each([
    ['bulk-1000', 3],
    ['bulk-5000', 3],
  ] as const)(
    'holds every acknowledged fact after kills during addTriples of %s new facts',
    async (profile, rounds) => {
      const summary = await crashRounds({
        rounds,
        users: 1,
        profile,
        killAfterMs: [3000, 9000],
        onRound: report,
      });
      summarise(profile, summary);
      expect(summary.reopened).toBe(rounds);
      expect(missingWrites(summary)).toEqual([]);
      expect(summary.lost).toBe(0);
      expect(summary.acknowledged).toBeGreaterThan(0);
    },
    10 * 60_000,
  );

  it(
    'reopens 50 of 50 rounds of every kind of write on a memory of 1,000 users, losing no acknowledged write',
    async () => {
      const summary = await crashRounds({
        rounds: 50,
        users: 1000,
        killAfterMs: [100, 2000],
        onRound: report,
      });
      summarise('mixed, 1,000 users', summary);
      expect(summary.rounds).toHaveLength(50);
      expect(summary.reopened).toBe(50);
      expect(missingWrites(summary)).toEqual([]);
      expect(summary.lost).toBe(0);
      // The kills did land inside checkpoints (the case that used to brick a memory).
      expect(summary.inCheckpoint).toBeGreaterThan(0);
    },
    30 * 60_000,
  );
});
