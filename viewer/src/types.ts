/**
 * The JSON the `kgmem serve` API sends: kgmem's own records with dates as ISO strings
 * (`Json<Entity>`), so the viewer's types follow the library's.
 */
import type {
  Entity,
  EntityDetails as EntityDetailsRecord,
  EpisodeSource as EpisodeSourceRecord,
  Fact,
  GraphEdge,
  GraphNode,
  RecalledEntity,
  RecalledFact,
} from '../../src/model/types';
import type { Profile } from '../../src/profile/build';

/** A record as JSON carries it: dates become ISO strings, recursively. */
export type Json<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Json<U>[]
    : T extends object
      ? { [K in keyof T]: Json<T[K]> }
      : T;

/** `GET /api/users/:user/profile`: the user's profile, read from the facts that hold. */
export type ProfilePayload = Profile;

/** A user as `GET /api/users` lists them. */
export interface UserSummary {
  id: string;
  entities: number;
  facts: number;
  currentFacts: number;
}

export type NodeAttributes = GraphNode['attributes'];
export type EdgeAttributes = GraphEdge['attributes'];

/** `GET /api/users/:user/graph`: the graph view plus the user's sizes. */
export interface GraphPayload {
  attributes: { userId: string; asOf: string | null; truncated: boolean; entities: number; facts: number };
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export type WireEntity = Json<Entity>;
export type WireFact = Json<Fact>;
export type EpisodeSource = Json<EpisodeSourceRecord>;
export type EntityDetails = Json<EntityDetailsRecord>;

/** `GET /api/users/:user/recall`. */
export interface RecallPayload {
  facts: Json<RecalledFact>[];
  entities: RecalledEntity[];
  context: string;
  /** The facts and turns the context quotes. */
  quoted: { facts: string[]; episodes: string[] };
}

/** `GET /api/users/:user/path`. */
export interface PathPayload {
  found: boolean;
  entities: WireEntity[];
  facts: WireFact[];
}

/** One entity found by the server's name search (`GET /api/users/:user/search`). */
export interface NameHit {
  uid: string;
  name: string;
  type: string;
  mentions: number;
  kind: 'exact' | 'prefix' | 'word' | 'fuzzy';
}

/** What `POST /api/cypher` answers: rows, and the uids of the entities and facts they name. */
export interface CypherPayload {
  columns: string[];
  rows: Record<string, unknown>[];
  truncated?: boolean;
  refs: { uids: string[]; truncated: boolean };
}

/** A ready-made analyst query (`GET /api/cypher/examples`). */
export interface CypherExample {
  name: string;
  question: string;
  parameters: { name: string; description: string; example?: string | number }[];
  statement: string;
}
