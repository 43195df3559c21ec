import { describe, expect, it } from 'vitest';
import type { Neo4jStatementRunner } from '../../src/store/neo4j/statement-runner.js';
import { Neo4jTermStats } from '../../src/store/neo4j/term-stats.js';
import { userStateFromRow } from '../../src/store/neo4j/user-state.js';
import type { Row } from '../../src/store/rows.js';

/**
 * A runner over one user's turns held here (each a list of terms), answering the statements the
 * statistics read as the server would, and recording them: `writes` is the user's write count.
 */
function runnerOver(turns: string[][], state: { writes: number | null; totals: boolean }) {
  const reads: { name: string; params: Record<string, unknown> }[] = [];
  const holding = (term: string) => turns.filter((t) => t.includes(term)).length;
  const runner: Neo4jStatementRunner = {
    async userState() {
      const length = turns.reduce((sum, t) => sum + t.length, 0);
      return userStateFromRow({
        writes: state.writes,
        episodeOwn: turns.length,
        termLength: state.totals ? length : null,
        conceptTermLength: state.totals ? 0 : null,
      });
    },
    async read(name, params): Promise<Row[]> {
      reads.push({ name, params });
      if (name === 'episodes-term-lengths')
        return [{ termLength: turns.reduce((sum, t) => sum + t.length, 0), conceptTermLength: 0 }];
      const queries = params.queries as string[];
      // Each query is `+userKey:… +(term)`: the term is what the parentheses hold.
      return queries.map((query, i) => ({ i, documents: holding(/\+\((.*)\)$/.exec(query)?.[1] ?? '') }));
    },
  };
  return { runner, reads };
}

const TURNS = [
  ['violin', 'garden'],
  ['violin', 'film'],
  ['bread', 'bake', 'sister'],
];

describe("Neo4j turn statistics: the user's own, counted once per write", () => {
  it("reads the turn count and lengths from the user's state and counts each term once", async () => {
    const { runner, reads } = runnerOver(TURNS, { writes: 4, totals: true });
    const stats = new Neo4jTermStats(runner);
    const first = await stats.of('ana', { words: ['violin', 'bread', 'violin'], concepts: [] });
    expect(first.documents).toBe(3);
    expect(first.length.words).toBe(7);
    expect(first.holding.words.get('violin')).toBe(2);
    expect(first.holding.words.get('bread')).toBe(1);
    expect(reads.map((r) => r.name)).toEqual(['episodes-term-counts']);
    expect(reads[0]?.params.queries).toHaveLength(2);

    // The same write count: only terms not counted yet are read.
    await stats.of('ana', { words: ['violin', 'garden'], concepts: ['instrument'] });
    expect(reads.map((r) => r.name)).toEqual([
      'episodes-term-counts',
      'episodes-term-counts',
      'episodes-concept-term-counts',
    ]);
    expect(reads[1]?.params.queries).toHaveLength(1);
    await stats.of('ana', { words: ['violin', 'garden'], concepts: ['instrument'] });
    expect(reads).toHaveLength(3);
  });

  it('counts again once the write count moved, or after a write of this store forgot them', async () => {
    const turns = TURNS.map((t) => [...t]);
    const state = { writes: 4 as number | null, totals: true };
    const { runner, reads } = runnerOver(turns, state);
    const stats = new Neo4jTermStats(runner);
    expect((await stats.of('ana', { words: ['violin'], concepts: [] })).holding.words.get('violin')).toBe(2);
    turns.push(['violin', 'recital']);
    state.writes = 5;
    const moved = await stats.of('ana', { words: ['violin'], concepts: [] });
    expect(moved.holding.words.get('violin')).toBe(3);
    expect(moved.documents).toBe(4);
    stats.forget('ana');
    await stats.of('ana', { words: ['violin'], concepts: [] });
    expect(reads).toHaveLength(3);
    // A user without a write count (written before counts were kept) is counted every time.
    state.writes = null;
    await stats.of('ana', { words: ['violin'], concepts: [] });
    await stats.of('ana', { words: ['violin'], concepts: [] });
    expect(reads).toHaveLength(5);
  });

  it('walks the turns for the lengths of a user without totals, and reads nothing for a user without turns', async () => {
    const old = runnerOver(TURNS, { writes: 2, totals: false });
    const stats = await new Neo4jTermStats(old.runner).of('ana', { words: ['film'], concepts: [] });
    expect(stats.length.words).toBe(7);
    expect(old.reads.map((r) => r.name)).toEqual(['episodes-term-lengths', 'episodes-term-counts']);

    const none = runnerOver([], { writes: 1, totals: true });
    const empty = await new Neo4jTermStats(none.runner).of('bo', { words: ['film'], concepts: ['art'] });
    expect(empty.documents).toBe(0);
    expect(empty.holding.words.get('film')).toBe(0);
    expect(none.reads).toEqual([]);
  });

  it('counts a long list of terms in reads of at most 200, every term counted', async () => {
    const words = Array.from({ length: 450 }, (_, i) => `term${i}`);
    const { runner, reads } = runnerOver([['term7', 'term300']], { writes: 1, totals: true });
    const stats = await new Neo4jTermStats(runner).of('ana', { words, concepts: [] });
    expect(reads.map((r) => (r.params.queries as string[]).length)).toEqual([200, 200, 50]);
    expect(stats.holding.words.size).toBe(450);
    expect(stats.holding.words.get('term300')).toBe(1);
    expect(stats.holding.words.get('term8')).toBe(0);
  });
});
