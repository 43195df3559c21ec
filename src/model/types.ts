/** Core records shared by every layer: what the store keeps and what recall returns. */

/** An entity node: one thing the user's memory knows about. */
export interface Entity {
  uid: string;
  userId: string;
  /** Normalised name, the lookup key (`"polar bear"`); the user themself is `"user"`. */
  key: string;
  /** Display name as first said (`"Polar bear"`). */
  name: string;
  /** Entity type (`"person"`, `"place"`, …) or `""` when unknown. */
  type: string;
  summary: string;
  /** Other normalised keys that resolve to this entity. */
  aliases: string[];
  createdAt: Date;
  updatedAt: Date;
  /** How many times the entity has been said. */
  mentions: number;
}

/** A fact edge: `(subject)-[predicate]->(object)`, with time and provenance. */
export interface Fact {
  uid: string;
  userId: string;
  subjectUid: string;
  subject: string;
  objectUid: string;
  object: string;
  /** Predicate as said (`"lives in"`). */
  predicate: string;
  /** Normalised predicate (`"lives_in"`). */
  key: string;
  /** The fact as a sentence (`"User lives in Paris"`). */
  statement: string;
  confidence: number;
  validFrom: Date;
  /** `null` while the fact is current. */
  validTo: Date | null;
  createdAt: Date;
  /** Episodes (or import sources) that said this fact. */
  episodeIds: string[];
  /** The episode (or source, such as a correction tool) whose write closed this fact, if any. */
  invalidatedBy: string | null;
  /** The uid of the fact that replaced this one, if any. */
  supersededBy: string | null;
  /** How many times it was said (at least `observedAt.length`; more for facts stored before observations were kept). */
  mentions: number;
  /** Each time it was said, oldest first (one per observation; for older facts, their start). */
  observedAt: Date[];
  /** The episode or source of each observation, parallel to `observedAt`. */
  observedBy: string[];
}

/** Where an episode is in the write path. */
export type EpisodeStatus = 'pending' | 'extracted' | 'failed';

/** A conversation turn as stored: the raw messages are kept whatever extraction does. */
export interface Episode {
  uid: string;
  userId: string;
  threadId: string;
  messages: { role: 'user' | 'assistant' | 'system' | 'tool'; content: string; name?: string }[];
  /** Hash of thread and messages: the same turn is not processed twice. */
  contentHash: string;
  /** One line from the extractor, or `""`. */
  summary: string;
  at: Date;
  status: EpisodeStatus;
  /** Why the last extraction failed, or `""`. */
  error: string;
}

/**
 * What found a recalled fact or episode: the graph walk from entities the query names or
 * resembles, similarity of fact statements, full-text (BM25) or similarity search of stored
 * turns, provenance (a recalled fact lifts the turn it came from), or being next to a found turn
 * in its thread (the conversation around a hit).
 */
export type RecallSignal =
  | 'graph'
  | 'fact-similarity'
  | 'relation-similarity'
  | 'answer-fit'
  | 'episode-text'
  | 'episode-similarity'
  | 'provenance'
  | 'neighbour';

/** A fact as recall ranks it. */
export interface RecalledFact {
  uid: string;
  subject: string;
  subjectUid: string;
  predicate: string;
  object: string;
  objectUid: string;
  statement: string;
  score: number;
  validFrom: Date;
  validTo: Date | null;
  /**
   * The fact that replaced this one, if any. A closed fact with an empty interval was retracted
   * when one replaced it, and was said as over ("I used to live in Lisbon") when none did.
   */
  supersededBy?: string | null;
  episodeIds: string[];
  /** Graph distance from the nearest seed entity (1 = incident to a seed; 0 = not reached by the walk). */
  hops: number;
  /** The signals that found it. */
  signals: RecallSignal[];
  /**
   * What each scorer contributed to the score, by name (`recall({ explain: true })`, `kgmem recall
   * --explain`): a signal's chance in the noisy-OR (its weight times its calibrated score), or a
   * lift's or a cut's change of the score.
   */
  contributions?: Record<string, number>;
}

/** A stored conversation turn as recall ranks it. */
export interface RecalledEpisode {
  uid: string;
  threadId: string;
  at: Date;
  /** The part of the turn around the best match, within a few hundred characters. */
  excerpt: string;
  score: number;
  /** The signals that found it. */
  signals: RecallSignal[];
  /**
   * What each scorer contributed to the score, by name (`recall({ explain: true })`, `kgmem recall
   * --explain`): a signal's chance in the noisy-OR (its weight times its calibrated score), or a
   * lift's or a cut's change of the score.
   */
  contributions?: Record<string, number>;
}

/** An entity as recall reports it: a seed (linked or similar) or reached by traversal. */
export interface RecalledEntity {
  uid: string;
  name: string;
  type: string;
  score: number;
  /** How the entity entered the result. */
  via: 'name' | 'similarity' | 'traversal';
}

/** What `recall()` returns. */
export interface RecallResult {
  facts: RecalledFact[];
  entities: RecalledEntity[];
  /** Stored turns relevant to the query, best first. */
  episodes: RecalledEpisode[];
  /** A compact text block for a system prompt, within the character budget. */
  context: string;
  /**
   * The uids of the facts and turns `context` quotes (the first ones of each list that fit the
   * budget): what the agent is actually given.
   */
  quoted: { facts: string[]; episodes: string[] };
}

/** A node in graphology's serialised form. */
export interface GraphNode {
  key: string;
  attributes: { label: string; type: string; mentions: number; isUser: boolean; createdAt: string };
}

/** An edge in graphology's serialised form. */
export interface GraphEdge {
  key: string;
  source: string;
  target: string;
  attributes: {
    label: string;
    predicate: string;
    statement: string;
    validFrom: string;
    validTo: string | null;
    current: boolean;
    mentions: number;
  };
}

/** One user's graph, ready for `Graph.from(view)` / `graph.import(view)` in graphology. */
export interface GraphView {
  attributes: { userId: string; asOf: string | null; truncated: boolean };
  options: { type: 'directed'; multi: true; allowSelfLoops: true };
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** An episode as a fact's source: where and when it was said, and what. */
export interface EpisodeSource {
  uid: string;
  threadId: string;
  at: Date;
  status: EpisodeStatus;
  /** The start of the user's message. */
  excerpt: string;
}

/** One entity with the facts touching it and where they were learned (the viewer's panel). */
export interface EntityDetails {
  entity: Entity;
  /** Facts with the entity as subject, closed ones included, newest first. */
  outgoing: Fact[];
  /** Facts with the entity as object, closed ones included, newest first. */
  incoming: Fact[];
  /** The episodes those facts came from (import sources such as file names have none). */
  episodes: EpisodeSource[];
  /** Whether the entity has more facts than were returned. */
  truncated: boolean;
}

/** A chain of facts between two entities: `entities[i]` and `entities[i + 1]` share `facts[i]`. */
export interface GraphPath {
  entities: Entity[];
  facts: Fact[];
}
