/** The JSON the `kgmem serve` API sends (dates as ISO strings). */

export interface UserSummary {
  id: string;
  entities: number;
  facts: number;
  currentFacts: number;
}

export interface NodeAttributes {
  label: string;
  type: string;
  mentions: number;
  isUser: boolean;
  createdAt: string;
}

export interface EdgeAttributes {
  label: string;
  predicate: string;
  statement: string;
  validFrom: string;
  validTo: string | null;
  current: boolean;
  mentions: number;
}

export interface GraphPayload {
  attributes: { userId: string; asOf: string | null; truncated: boolean; entities: number; facts: number };
  nodes: { key: string; attributes: NodeAttributes }[];
  edges: { key: string; source: string; target: string; attributes: EdgeAttributes }[];
}

export interface WireEntity {
  uid: string;
  key: string;
  name: string;
  type: string;
  aliases: string[];
  createdAt: string;
  mentions: number;
}

export interface WireFact {
  uid: string;
  subjectUid: string;
  subject: string;
  objectUid: string;
  object: string;
  predicate: string;
  key: string;
  statement: string;
  validFrom: string;
  validTo: string | null;
  invalidatedBy: string | null;
  episodeIds: string[];
  mentions: number;
}

export interface EpisodeSource {
  uid: string;
  threadId: string;
  at: string;
  status: string;
  excerpt: string;
}

export interface EntityDetails {
  entity: WireEntity;
  outgoing: WireFact[];
  incoming: WireFact[];
  episodes: EpisodeSource[];
  truncated: boolean;
}

export interface RecallPayload {
  facts: (Omit<WireFact, 'key' | 'invalidatedBy' | 'mentions'> & { score: number; hops: number })[];
  entities: { uid: string; name: string; type: string; score: number; via: string }[];
  context: string;
}

export interface PathPayload {
  found: boolean;
  entities: WireEntity[];
  facts: WireFact[];
}
