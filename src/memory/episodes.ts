import type { ConversationMessage, ExtractedTriple, Extraction, Extractor } from '../extract/base.js';
import { toConversationMessages } from '../extract/messages.js';
import { isPlaceholderTriple } from '../extract/placeholders.js';
import { extractionSlices } from '../extract/slice.js';
import { EMBEDDED_TURN_CHARS, episodeText } from '../model/episode-text.js';
import { InvalidInputError } from '../model/errors.js';
import { EXTRACTION_CONTEXT_CHARS, MAX_TURN_LENGTH, MAX_TURN_MESSAGES } from '../model/limits.js';
import { entityKeyOf, normalizePredicate, USER_ENTITY_KEY } from '../model/normalize.js';
import { type CheckedTriple, checkTriple, type KnowledgeTriple, type Triple } from '../model/triple.js';
import type { Episode, RecalledFact } from '../model/types.js';
import { checkDate, checkExactText, checkMessageText, checkText, checkUserId } from '../model/validate.js';
import type { Retriever } from '../retrieve/recall.js';
import type { FactRef, GraphStore } from '../store/base.js';
import { endedReading } from './ended.js';
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
  /**
   * The person's display name ("Caroline"): recorded as the user's `name` fact, so questions
   * that name the person link to the user. A user message's `name` field says the same.
   */
  userName?: string;
  /**
   * The turn's knowledge, already read out (an agent's save tool): written with this episode as
   * their source instead of calling the extractor.
   */
  triples?: readonly (Triple | KnowledgeTriple)[];
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
  /** The functional predicates: a past form of one ("worked_at") is read as that fact, over. */
  functional: ReadonlySet<string>;
  /** Embeds one text; `undefined` when the embedder failed. */
  embed: (text: string) => Promise<number[] | undefined>;
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
    const threadId =
      input.threadId === undefined ? 'default' : checkExactText(input.threadId, 'threadId', where);
    const messages = checkTurn(toConversationMessages(input.messages, where), where);
    const at = input.at === undefined ? new Date() : checkDate(input.at, 'at', where);
    const userName =
      input.userName === undefined
        ? messages.find((m) => m.role === 'user' && m.name)?.name
        : checkText(input.userName, 'userName', where);
    const given =
      input.triples === undefined
        ? undefined
        : Array.isArray(input.triples)
          ? input.triples.map((t, i) => checkTriple(t, i, where))
          : (() => {
              throw new InvalidInputError(
                `${where}: triples must be an array of {subject, predicate, object}`,
              );
            })();
    const uid = episodeUid(userId, threadId, messages, input.at === undefined ? undefined : at);
    // Embedded before storing; a failed embedding request stores the turn without it (the
    // migration on next recall embeds it): the turn itself is never lost to it.
    const vector = await this.deps.embed(episodeText(messages).slice(0, EMBEDDED_TURN_CHARS));

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
      await this.deps.store.createEpisode(episode, vector);
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
    return this.extract(existing, { ...(userName ? { userName } : {}), ...(given ? { given } : {}) });
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

  private async extract(
    episode: Episode,
    extra: { userName?: string; given?: CheckedTriple[] } = {},
  ): Promise<RememberResult> {
    const { store, lock } = this.deps;
    const base = { episodeUid: episode.uid, added: 0, updated: 0, invalidated: 0 };
    let known: (RecalledFact & { key: string })[] = [];
    let extraction: Extraction;
    try {
      // Reading what is known can fail too (a search the database refuses): the turn is kept,
      // marked failed with the reason, and re-extracted later like any failed one.
      known = extra.given ? [] : await this.knownFacts(episode);
      extraction = extra.given
        ? { triples: extra.given, contradicts: [], summary: '', requests: 0, promptChars: 0 }
        : await this.read(episode, known);
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

    // Triples the model got wrong (blank names, a placeholder such as "None" for a value it did
    // not have) are dropped, not allowed to sink the turn. A turn whose every fact was such a
    // placeholder closes nothing either (a hypothetical read as "lives_in None").
    const placeholders = extraction.triples.filter((t) => isPlaceholderTriple(t)).length;
    if (placeholders > 0 && placeholders === extraction.triples.length) extraction.contradicts = [];
    const triples: CheckedTriple[] = [];
    for (const [i, t] of extraction.triples.entries()) {
      if (isPlaceholderTriple(t)) continue;
      try {
        const checked = asEnded(checkTriple(t, i, 'extraction'), this.deps.functional);
        if (
          entityKeyOf(checked.subject) &&
          entityKeyOf(checked.object) &&
          normalizePredicate(checked.predicate)
        ) {
          triples.push(checked);
        }
      } catch {
        // A malformed triple from the model is skipped; the turn itself stays stored and searchable.
      }
    }
    const userName = extra.userName ?? episode.messages.find((m) => m.role === 'user' && m.name)?.name;
    if (userName && !(await this.hasName(episode.userId, userName))) {
      triples.push(checkTriple({ subject: USER_ENTITY_KEY, predicate: 'name', object: userName }, 0, 'name'));
    }
    const byUid = new Map(known.map((f) => [f.uid, f]));
    const said = userText(episode.messages);
    const contradicts: (FactRef & { validFrom: Date })[] = extraction.contradicts.flatMap((uid) => {
      const fact = byUid.get(uid);
      return fact && contradictionShown(fact, triples, said)
        ? [
            {
              uid,
              subjectUid: fact.subjectUid,
              objectUid: fact.objectUid,
              key: fact.key,
              validFrom: fact.validFrom,
            },
          ]
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

  /**
   * Runs the extractor over the turn: one request up to the documented size, else one per chunk
   * of the user's text (see `extractionSlices`); results are merged.
   */
  private async read(episode: Episode, known: (RecalledFact & { key: string })[]): Promise<Extraction> {
    const merged: Extraction = { triples: [], contradicts: [], summary: '', requests: 0, promptChars: 0 };
    const slices = extractionSlices(episode.messages);
    const previous = await this.previousTurn(episode);
    for (const [i, messages] of slices.entries()) {
      let part: Extraction;
      try {
        part = await this.deps.extractor.extract({
          messages,
          known,
          at: episode.at,
          ...(previous ? { previous } : {}),
        });
      } catch (error) {
        if (slices.length > 1 && error instanceof Error) {
          error.message = `part ${i + 1} of ${slices.length} of a long turn: ${error.message}`;
          (error as { requests?: number }).requests =
            merged.requests + Number((error as { requests?: number }).requests ?? 0);
        }
        throw error;
      }
      merged.triples.push(...(part.triples as ExtractedTriple[]));
      merged.contradicts.push(...part.contradicts.filter((uid) => !merged.contradicts.includes(uid)));
      merged.summary ||= part.summary;
      merged.requests += part.requests;
      merged.promptChars += part.promptChars;
    }
    return merged;
  }

  /**
   * The user's part of the thread's two turns before this one (whom "he" or "she" refers to,
   * even when the turn before spoke of them as "she" too), oldest first, cut to the size of an
   * extraction's context; undefined for a thread's first turn.
   */
  private async previousTurn(episode: Episode): Promise<ConversationMessage[] | undefined> {
    const around = (
      await this.deps.store.episodeNeighbours(episode.userId, [episode.uid], PREVIOUS_TURNS)
    ).get(episode.uid);
    if (!around || around.length === 0) return undefined;
    const before = (await this.deps.store.episodes(episode.userId, { uids: around, limit: around.length }))
      .filter((e) => e.uid !== episode.uid && e.at.getTime() <= episode.at.getTime())
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .slice(-PREVIOUS_TURNS);
    if (before.length === 0) return undefined;
    return before.flatMap((e) =>
      e.messages
        .filter((m) => m.role === 'user')
        .map((m) => ({ ...m, content: m.content.slice(0, EXTRACTION_CONTEXT_CHARS / PREVIOUS_TURNS) })),
    );
  }

  /** Whether the user's current name already is this one. */
  private async hasName(userId: string, name: string): Promise<boolean> {
    const self = await this.deps.store.entityByKey(userId, USER_ENTITY_KEY);
    if (!self) return false;
    const facts = await this.deps.store.incidentFacts(userId, [self.uid], { mode: 'current' }, ['name']);
    return facts.some((f) => f.subjectUid === self.uid && entityKeyOf(f.object) === entityKeyOf(name));
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

/**
 * Whether a turn can show a known fact is no longer true, as a model says: it states another
 * value of the same thing (the same subject and predicate, another object), or it names the
 * fact's subject or object with a word of change ("I quit Deloitte", "Luna died", "not Madrid").
 * A model that marks facts the turn does not change (a small one restating what it was shown)
 * closes nothing.
 */
export function contradictionShown(
  fact: Pick<RecalledFact, 'subject' | 'object'> & { key: string },
  triples: readonly CheckedTriple[],
  text: string,
): boolean {
  const subject = entityKeyOf(fact.subject);
  const object = entityKeyOf(fact.object);
  if (
    triples.some(
      (t) =>
        entityKeyOf(t.subject) === subject &&
        normalizePredicate(t.predicate) === fact.key &&
        entityKeyOf(t.object) !== object,
    )
  )
    return true;
  if (!CHANGE.test(text)) return false;
  const words = ` ${entityKeyOf(text)} `;
  const named = (key: string) => key !== '' && key !== USER_ENTITY_KEY && words.includes(` ${key} `);
  return named(object) || named(subject);
}

// How many of the thread's turns before a turn its extraction sees.
const PREVIOUS_TURNS = 2;

// Words that say something stopped being true or was never true.
const CHANGE =
  /\b(?:not|no longer|anymore|any more|quit|quitting|left|leave|stopped|sold|gave up|died|dead|passed away|lost|ended|broke up|divorced|split up|moved|wrong|mistake|typo|ex|former|formerly|used to|retired|switched|changed)\b|n't\b/i;

function userText(messages: readonly ConversationMessage[]): string {
  return messages
    .filter((m) => m.role === 'user')
    .map((m) => m.content)
    .join('\n');
}

/** Checks a turn's messages against the documented limits; returns them exactly as sent. */
function checkTurn(messages: ConversationMessage[], where: string): ConversationMessage[] {
  if (messages.length > MAX_TURN_MESSAGES) {
    throw new InvalidInputError(
      `${where}: a turn has ${messages.length} messages; send at most ${MAX_TURN_MESSAGES} per remember() call`,
    );
  }
  const checked = messages.map((m, i) => ({
    ...m,
    content: checkMessageText(m.content, `message #${i + 1} content`, where),
    ...(m.name === undefined ? {} : { name: checkExactText(m.name, `message #${i + 1} name`, where) }),
  }));
  const total = checked.reduce((sum, m) => sum + m.content.length, 0);
  if (total > MAX_TURN_LENGTH) {
    throw new InvalidInputError(
      `${where}: the turn is ${total} characters in all; send at most ${MAX_TURN_LENGTH} per remember() call (split it into several turns)`,
    );
  }
  return checked;
}

/**
 * A triple an extractor read in the past tense of a functional predicate ("worked_at Google", as
 * said in "I used to work at Google") as that predicate's fact, said as over (`ended.ts`).
 */
function asEnded(triple: CheckedTriple, functional: ReadonlySet<string>): CheckedTriple {
  const present = endedReading(normalizePredicate(triple.predicate), functional);
  return present ? { ...triple, predicate: present, ended: true } : triple;
}
