import type { ResolvedEmbedder } from '../embed/base.js';
import { stem } from '../model/text.js';
import { CombinedLexicon, type RelationLexicon, StemLexicon } from './base.js';
import { EmbeddingLexicon } from './embedding-lexicon.js';
import { WordNetLexicon } from './wordnet-lexicon.js';

/**
 * The relation lexicon for an embedder: shared stems and WordNet always; with a semantic embedder
 * (anything but the offline hashing one) its embeddings too, the best score winning.
 */
export function relationLexicon(embedder: ResolvedEmbedder): RelationLexicon {
  const parts: RelationLexicon[] = [new StemLexicon(stem), new WordNetLexicon()];
  if (embedder.semantic) parts.push(new EmbeddingLexicon(embedder.embeddings));
  return new CombinedLexicon(parts);
}
