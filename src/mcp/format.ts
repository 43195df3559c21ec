import type { RememberResult } from '../memory/episodes.js';
import type { AddTriplesResult } from '../memory/inputs.js';
import { factLine } from '../model/present.js';
import type { Entity, EntityDetails, Episode, RecallResult } from '../model/types.js';
import type { CypherResult } from '../store/base.js';

/** Dates as ISO strings and nothing a JSON client cannot read: the tools' structured output. */
export function toJson<T>(value: T): unknown {
  return JSON.parse(JSON.stringify(value));
}

/** What a `remember` call did, in one line. */
export function rememberText(r: RememberResult): string {
  if (r.status === 'duplicate')
    return `This turn was already remembered (episode ${r.episodeUid}); nothing changed.`;
  if (r.status === 'failed')
    return `The turn was stored (episode ${r.episodeUid}) but no facts could be read from it: ${r.error ?? 'unknown error'}.`;
  return `Remembered the turn (episode ${r.episodeUid}): ${r.added} facts added, ${r.updated} confirmed again, ${r.invalidated} closed as no longer true.`;
}

/** What an `add_facts` call did, in one line. */
export function addFactsText(r: AddTriplesResult): string {
  return `Stored ${r.added} new facts, confirmed ${r.updated} known ones, closed ${r.invalidated} contradicted ones; ${r.entitiesCreated} new entities. Fact uids: ${r.factUids.join(', ')}.`;
}

/** A recall as the context block (what a model reads), or a plain "nothing found". */
export function recallText(r: RecallResult): string {
  if (r.facts.length === 0 && r.episodes.length === 0) return 'Nothing in memory matches this query.';
  const facts = r.facts.map((f, i) => `${i + 1}. ${factLine(f)}`).join('\n');
  return [r.context, facts ? `Facts with their uids (for update_fact / forget_fact):\n${facts}` : '']
    .filter(Boolean)
    .join('\n\n');
}

/** Entities as numbered lines. */
export function entitiesText(entities: readonly (Entity & { score?: number })[]): string {
  if (entities.length === 0) return 'No entity matches.';
  return entities
    .map((e, i) => `${i + 1}. ${e.name}${e.type ? ` (${e.type})` : ''}: ${e.mentions} mentions; uid ${e.uid}`)
    .join('\n');
}

/** One entity with its facts. */
export function entityText(d: EntityDetails): string {
  const lines = [`${d.entity.name}${d.entity.type ? ` (${d.entity.type})` : ''}, uid ${d.entity.uid}`];
  const facts = [...d.outgoing, ...d.incoming];
  if (facts.length === 0) lines.push('No facts.');
  for (const f of facts) lines.push(`- ${factLine(f)}`);
  if (d.truncated) lines.push('(more facts exist; only the newest are shown)');
  return lines.join('\n');
}

/** Episodes as one line each. */
export function episodesText(episodes: readonly Episode[]): string {
  if (episodes.length === 0) return 'No stored turns match.';
  return episodes
    .map((e) => {
      const first = e.messages.find((m) => m.role === 'user') ?? e.messages[0];
      const text = (first?.content ?? '').replace(/\s+/g, ' ');
      const excerpt = text.length > 160 ? `${text.slice(0, 157)}…` : text;
      return `- ${e.at.toISOString()} [${e.threadId}, ${e.status}] ${excerpt} (uid ${e.uid})`;
    })
    .join('\n');
}

/** Cypher rows as a JSON block. */
export function cypherText(r: CypherResult): string {
  const note = r.truncated ? `\n(only the first ${r.rows.length} rows are shown)` : '';
  return `${r.rows.length} rows; columns: ${r.columns.join(', ')}\n${JSON.stringify(r.rows, null, 2)}${note}`;
}
