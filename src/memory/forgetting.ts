import { episodeText } from '../model/episode-text.js';
import { USER_ENTITY_KEY } from '../model/normalize.js';
import type { Entity, Episode, Fact } from '../model/types.js';
import type { ForgetPlan } from '../store/base.js';
import { MemoryPart } from './context.js';
import { contentHash } from './episode-id.js';
import { namesAny, redactTurn } from './redact.js';

/** What one forget is to remove: facts, and entities with every fact touching them. */
export interface ForgetTarget {
  facts: readonly Fact[];
  entities: readonly Entity[];
  /** Keep the turns as they were said (`forget --keep-turns`): only the graph forgets. */
  keepTurns: boolean;
}

/**
 * Forgetting that leaves nothing behind: the facts go, an entity left with no fact goes with
 * them, and each turn that said what was forgotten loses the sentences naming it (its text,
 * search terms and embedding made again) or, when nothing else is left of it, is removed.
 * Everything is planned first and written in one transaction (`GraphStore.forgetPlanned`).
 * Runs under the memory's write lock (the caller's).
 *
 * @internal
 */
export class Forgetting extends MemoryPart {
  /** Forgets what `target` names for the user (nothing when it names nothing). */
  async forget(userId: string, target: ForgetTarget): Promise<void> {
    const named = target.entities.map((e) => e.uid);
    const touching = await this.store.incidentFacts(userId, named, { mode: 'all' });
    const facts = uniqueByUid([...target.facts, ...touching]);
    const entityUids = new Set([...named, ...(await this.orphans(userId, facts, new Set(named)))]);
    const turns = target.keepTurns
      ? { redacted: [], removedTurns: [] }
      : await this.planTurns(userId, target, facts);
    const plan: ForgetPlan = { factUids: facts.map((f) => f.uid), entityUids: [...entityUids], ...turns };
    await this.store.forgetPlanned(userId, plan);
  }

  /** The entities at the forgotten facts' ends that no other fact touches (the user's own excepted). */
  private async orphans(
    userId: string,
    facts: readonly Fact[],
    named: ReadonlySet<string>,
  ): Promise<string[]> {
    const ends = [...new Set(facts.flatMap((f) => [f.subjectUid, f.objectUid]))].filter(
      (uid) => !named.has(uid),
    );
    if (ends.length === 0) return [];
    const entities = await this.store.entitiesByUids(userId, ends);
    const candidates = entities.filter((e) => e.key !== USER_ENTITY_KEY).map((e) => e.uid);
    const forgotten = new Set(facts.map((f) => f.uid));
    const kept = await this.store.incidentFacts(userId, candidates, { mode: 'all' });
    const stillUsed = new Set(
      kept.filter((f) => !forgotten.has(f.uid)).flatMap((f) => [f.subjectUid, f.objectUid]),
    );
    return candidates.filter((uid) => !stillUsed.has(uid));
  }

  /**
   * The turns that said what is forgotten, and what is left of each: the turns each fact came
   * from (a turn that names none of the names is removed: it said the fact in other words), and
   * for a forgotten entity, every turn that mentions it.
   */
  private async planTurns(
    userId: string,
    target: ForgetTarget,
    facts: readonly Fact[],
  ): Promise<Pick<ForgetPlan, 'redacted' | 'removedTurns'>> {
    const redacted: ForgetPlan['redacted'][number][] = [];
    const removedTurns: string[] = [];
    const names = await this.namesOf(userId, target);
    const sources = new Set(facts.flatMap((f) => f.episodeIds));
    const mentioning = new Set<string>();
    if (target.entities.length > 0) {
      const entityUids = new Set(target.entities.map((e) => e.uid));
      for (const [episodeUid, mentioned] of await this.store.episodeMentions(userId))
        if (mentioned.some((uid) => entityUids.has(uid))) mentioning.add(episodeUid);
    }
    const uids = [...new Set([...sources, ...mentioning])];
    if (uids.length === 0) return { redacted, removedTurns };
    const episodes = await this.store.episodes(userId, { uids, limit: uids.length });
    for (const episode of episodes) {
      const outcome = redactTurn(episode.messages, names, sources.has(episode.uid));
      if (outcome.kind === 'removed') removedTurns.push(episode.uid);
      if (outcome.kind !== 'redacted') continue;
      const kept: Episode = {
        ...episode,
        messages: outcome.messages,
        contentHash: contentHash(episode.threadId, outcome.messages),
        summary: namesAny(episode.summary, names) ? '' : episode.summary,
        error: namesAny(episode.error, names) ? '' : episode.error,
      };
      redacted.push({ episode: kept, vector: await this.vectors.embedOne(episodeText(kept.messages)) });
    }
    return { redacted, removedTurns };
  }

  /**
   * The names whose sentences go: a forgotten entity's name and aliases; for a forgotten fact,
   * its object's (what the fact says of its subject), or its subject's when the object is the
   * user ("Ana's friend is me").
   */
  private async namesOf(userId: string, target: ForgetTarget): Promise<string[]> {
    const names = target.entities.flatMap((e) => [e.name, ...e.aliases]);
    const ends = target.facts.map((f) => f.objectUid);
    const entities = new Map((await this.store.entitiesByUids(userId, ends)).map((e) => [e.uid, e]));
    for (const fact of target.facts) {
      const object = entities.get(fact.objectUid);
      if (object?.key === USER_ENTITY_KEY) names.push(fact.subject);
      else names.push(fact.object, ...(object?.aliases ?? []));
    }
    return [...new Set(names)];
  }
}

function uniqueByUid(facts: readonly Fact[]): Fact[] {
  return [...new Map(facts.map((f) => [f.uid, f])).values()];
}
