import type { ConversationMessage, Extractor } from '../extract/base.js';
import { toConversationMessages } from '../extract/messages.js';
import { entityKeyOf, normalizePredicate } from '../model/normalize.js';
import { type CheckedTriple, checkTriple } from '../model/triple.js';
import type { Episode, RecalledFact } from '../model/types.js';
import { checkDate, checkText, checkUserId } from '../model/validate.js';
import type { Retriever } from '../retrieve/recall.js';
import type { FactRef, GraphStore } from '../store/base.js';
import { contentHash, episodeUid } from './episode-id.js';
import type { WriteLock } from './write-lock.js';

/** A conversation turn to remember. */
export interface RememberInput {
  userId: string;
  /** The conversation this turn belongs to. @default "default" */
  threadId?: string;
  /** LangChain messages or `{role, content}` objects. */
  messages: readonly unknown[];
  /** When the turn happened. @default now */
  at?: Date | string;
}

/** What {@link Memory.remember} did with a turn. */
export interface RememberResult {
  episodeUid: string;
  /** `duplicate`: this exact turn was already extracted; nothing was done. */
  status: 'extracted' | 'failed' | 'duplicate';
  added: number;
  updated: number;
  invalidated: number;
  /** Model requests made for this turn (1 on a model's happy path, 0 with the rule extractor). */
  requests: number;
  /** Characters of prompt sent to the model for this turn (≈ 4 per token). */
  promptChars: number;
  /** Why extraction failed, when it did. */
  error?: string;
}

/** What the episode processor needs from the memory. */
export interface EpisodeDeps {
  store: GraphStore;
  extractor: Extractor;
  retriever: Retriever;
  lock: WriteLock;
  contextChars: number;
  applyTriples: (
    user: string,
    triples: readonly CheckedTriple[],
    options: {
      at: Date;
      sourceIds: string[];
      similarityMerge: boolean;
      contradicts: (FactRef & { validFrom: Date })[];
      episode: { uid: string; summary: string };
    },
  ) => Promise<{ added: number; updated: number; invalidated: number }>;
}

// Known facts shown to the extractor: enough to spot contradictions, small enough to stay cheap.
const KNOWN_FACTS = 20;

/** The write path of conversations: store the episode, extract, write; failures kept. */
export class EpisodeProcessor {
  constructor(private readonly deps: EpisodeDeps) {}

  /** Stores and extracts one turn (see `Memory.remember`). */
  async remember(input: RememberInput): Promise<RememberResult> {
    const where = 'Memory.remember';
    const userId = checkUserId(input?.userId, where);
    const threadId = input.threadId === undefined ? 'default' : checkText(input.threadId, 'threadId', where);
    const messages = toConversationMessages(input.messages, where).map((m, i) => ({
      role: m.role,
      content: checkText(m.content, `message #${i + 1} content`, where),
    }));
    const at = input.at === undefined ? new Date() : checkDate(input.at, 'at', where);
    const uid = episodeUid(userId, threadId, messages);

    const existing = await this.deps.lock.run(async () => {
      const [found] = await this.deps.store.episodes(userId, { uids: [uid], limit: 1 });
      if (found) return found;
      const episode: Episode = {
        uid,
        userId,
        threadId,
        messages,
        contentHash: contentHash(threadId, messages),
        summary: '',
        at,
        status: 'pending',
        error: '',
      };
      await this.deps.store.createEpisode(episode);
      return episode;
    });
    if (existing.status === 'extracted') {
      return {
        episodeUid: uid,
        status: 'duplicate',
        added: 0,
        updated: 0,
        invalidated: 0,
        requests: 0,
        promptChars: 0,
      };
    }
    return this.extract(existing);
  }

  /** Extracts again the failed (and, unless `failedOnly`, interrupted pending) episodes of a user. */
  async reextract(userId: string, failedOnly: boolean): Promise<RememberResult[]> {
    const failed = await this.deps.store.episodes(userId, { status: 'failed', limit: 100_000 });
    const pending = failedOnly
      ? []
      : await this.deps.store.episodes(userId, { status: 'pending', limit: 100_000 });
    const results: RememberResult[] = [];
    for (const episode of [...failed, ...pending].sort((a, b) => a.at.getTime() - b.at.getTime())) {
      results.push(await this.extract(episode));
    }
    return results;
  }

  private async extract(episode: Episode): Promise<RememberResult> {
    const { store, extractor, lock } = this.deps;
    const base = { episodeUid: episode.uid, added: 0, updated: 0, invalidated: 0 };
    const known = await this.knownFacts(episode);
    let extraction: Awaited<ReturnType<Extractor['extract']>>;
    try {
      extraction = await extractor.extract({ messages: episode.messages, known, at: episode.at });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const requests = Number((error as { requests?: number }).requests ?? 0);
      await lock.run(() =>
        store.setEpisodeStatus(episode.userId, episode.uid, {
          status: 'failed',
          error: message,
          summary: '',
        }),
      );
      return { ...base, status: 'failed', requests, promptChars: 0, error: message };
    }

    // Triples the model got wrong (blank names) are dropped, not allowed to sink the turn.
    const triples: CheckedTriple[] = [];
    for (const [i, t] of extraction.triples.entries()) {
      try {
        const checked = checkTriple(t, i, 'extraction');
        if (
          entityKeyOf(checked.subject) &&
          entityKeyOf(checked.object) &&
          normalizePredicate(checked.predicate)
        ) {
          triples.push(checked);
        }
      } catch {
        // invalid triple: skipped
      }
    }
    const byUid = new Map(known.map((f) => [f.uid, f]));
    const contradicts: (FactRef & { validFrom: Date })[] = extraction.contradicts.flatMap((uid) => {
      const fact = byUid.get(uid);
      return fact
        ? [{ uid, subjectUid: fact.subjectUid, objectUid: fact.objectUid, key: fact.key, validFrom: fact.validFrom }]
        : [];
    });
    const result = await lock.run(() =>
      this.deps.applyTriples(episode.userId, triples, {
        at: episode.at,
        sourceIds: [episode.uid],
        similarityMerge: true,
        contradicts,
        episode: { uid: episode.uid, summary: extraction.summary.slice(0, 500) },
      }),
    );
    return {
      ...base,
      status: 'extracted',
      added: result.added,
      updated: result.updated,
      invalidated: result.invalidated,
      requests: extraction.requests,
      promptChars: extraction.promptChars,
    };
  }

  /** Current facts about what the turn mentions, found by recall (no model call). */
  private async knownFacts(episode: Episode): Promise<(RecalledFact & { key: string })[]> {
    const text = userText(episode.messages).slice(0, 2000);
    if (!text.trim()) return [];
    const { facts } = await this.deps.retriever.recall({
      userId: episode.userId,
      query: text,
      limit: KNOWN_FACTS,
      hops: 1,
      includeHistory: false,
      maxChars: this.deps.contextChars,
    });
    return facts.map((f) => ({ ...f, key: normalizePredicate(f.predicate) }));
  }
}

function userText(messages: readonly ConversationMessage[]): string {
  return messages
    .filter((m) => m.role === 'user')
    .map((m) => m.content)
    .join('\n');
}
