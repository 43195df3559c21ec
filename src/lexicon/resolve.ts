import { stem } from '../model/text.js';
import { CombinedLexicon, type RelationLexicon, StemLexicon } from './base.js';
import { WordNetLexicon } from './wordnet-lexicon.js';

/**
 * The relation lexicon recall reads questions with: shared stems and WordNet, whatever the
 * embedder. A semantic embedder's word vectors are not added (the `EmbeddingLexicon`
 * class is still exported): measured with all-MiniLM-L6-v2 on MetaQA, single words' cosines of
 * 0.55–0.65 named wrong relations (paraphrased 3-hop recall@20 0.564 with them, 0.728 without) and
 * above 0.65 named none WordNet had not; the personal-memory questions gained nothing from them.
 */
export function relationLexicon(): RelationLexicon {
  return new CombinedLexicon([new StemLexicon(stem), new WordNetLexicon()]);
}
