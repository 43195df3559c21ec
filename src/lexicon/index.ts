export { CombinedLexicon, keyWords, RelationLexicon, StemLexicon } from './base.js';
export { EmbeddingLexicon } from './embedding-lexicon.js';
export { LexicalRelatedness, RELATEDNESS } from './relatedness.js';
export { WordNet, type WordNetPointer, type WordNetPos, type WordNetSynset } from './wordnet.js';
export { WordNetLexicon } from './wordnet-lexicon.js';
