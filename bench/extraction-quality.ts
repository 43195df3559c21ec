import { HashingEmbeddings } from '../src/embed/hashing.js';
import type { Extractor } from '../src/extract/base.js';
import { RuleExtractor } from '../src/extract/rules.js';
import { createMemory } from '../src/memory/create.js';
import { tempDir } from '../test/helpers/temp-dir.js';
import { GOLD_CONVERSATIONS, type GoldCategory, type GoldConversation } from './extraction-gold.js';
import { type ConversationScore, type ScoreTotals, scoreConversation, totals } from './extraction-score.js';
import { markdownTable } from './table.js';

/** What one extractor did on the gold set. */
export interface GoldRun {
  name: string;
  scores: ConversationScore[];
  totals: ScoreTotals;
  turns: number;
  failedTurns: number;
  /** Why turns failed (first few). */
  failures: string[];
  msPerTurn: number;
  /** Peak resident memory of this process during the run (MB). */
  peakMb: number;
}

/**
 * Runs the gold conversations through `remember()` with an extractor (one user per
 * conversation, its turns a minute apart in one thread) and scores the stored facts
 * (`extraction-score.ts`).
 */
export async function runGold(
  name: string,
  extractor: Extractor,
  conversations: readonly GoldConversation[] = GOLD_CONVERSATIONS,
  onConversation?: (score: ConversationScore) => void,
): Promise<GoldRun> {
  const dir = tempDir('kgmem-bench-gold-');
  const memory = await createMemory({
    dataDir: dir.path,
    share: false,
    embeddings: new HashingEmbeddings(),
    env: {},
    extractor,
  });
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 200);
  const scores: ConversationScore[] = [];
  const failures: string[] = [];
  let turns = 0;
  let failedTurns = 0;
  let ms = 0;
  try {
    for (const conversation of conversations) {
      const start = Date.parse('2026-03-02T09:00:00Z');
      for (const [i, content] of conversation.turns.entries()) {
        const t0 = performance.now();
        const result = await memory.remember({
          userId: conversation.id,
          threadId: 'gold',
          messages: [{ role: 'user', content }],
          at: new Date(start + i * 60_000),
        });
        ms += performance.now() - t0;
        turns++;
        if (result.status === 'failed') {
          failedTurns++;
          if (failures.length < 5) failures.push(`${conversation.id} #${i + 1}: ${result.error}`);
        }
      }
      const stored = (await memory.facts(conversation.id, { includeHistory: true, limit: 10_000 })).map(
        (f) => ({
          subject: f.subject,
          predicate: f.predicate,
          object: f.object,
          current: f.validTo === null,
        }),
      );
      const score = scoreConversation(conversation, stored);
      scores.push(score);
      onConversation?.(score);
    }
  } finally {
    clearInterval(sampler);
    await memory.close();
    dir.remove();
  }
  return {
    name,
    scores,
    totals: totals(scores),
    turns,
    failedTurns,
    failures,
    msPerTurn: ms / Math.max(1, turns),
    peakMb: Math.round(peak / 2 ** 20),
  };
}

/** The rule extractor's run (no model). */
export function runRules(conversations?: readonly GoldConversation[]): Promise<GoldRun> {
  return runGold('rules', new RuleExtractor(), conversations);
}

const pct = (x: number) => x.toFixed(2);

/** The extraction table: one row per run. */
export function goldTable(runs: readonly GoldRun[]): string {
  return markdownTable(
    runs.map((r) => ({
      extractor: r.name,
      P: pct(r.totals.precision),
      R: pct(r.totals.recall),
      F1: pct(r.totals.f1),
      'closed R': pct(r.totals.closedRecall),
      forbidden: r.totals.forbidden,
      'stale current': r.totals.staleCurrent,
      'failed turns': `${r.failedTurns} / ${r.turns}`,
      'ms / turn': Math.round(r.msPerTurn).toLocaleString('en-US'),
      'peak MB': r.peakMb,
    })),
  );
}

/** F1 by category, one column per run. */
export function categoryTable(runs: readonly GoldRun[]): string {
  const categories = [...new Set(GOLD_CONVERSATIONS.flatMap((c) => c.categories))].sort() as GoldCategory[];
  return markdownTable(
    categories.map((category) => ({
      category,
      conversations: GOLD_CONVERSATIONS.filter((c) => c.categories.includes(category)).length,
      ...Object.fromEntries(
        runs.map((r) => {
          const t = totals(r.scores.filter((s) => s.categories.includes(category)));
          return [
            `${r.name} F1 / closed R / forbidden`,
            `${pct(t.f1)} / ${pct(t.closedRecall)} / ${t.forbidden}`,
          ];
        }),
      ),
    })),
  );
}
