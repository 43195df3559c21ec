import { Embeddings } from '@langchain/core/embeddings';
import { tokenize } from '../../src/model/normalize.js';
import { STOP_WORDS, stem } from '../../src/model/text.js';

/**
 * A small deterministic *semantic* test embedder: words of one synonym group share a dimension,
 * so "eat", "food" and "pizza" are close while unrelated words are (almost always) orthogonal;
 * function words carry no meaning and are left out. It stands in for a real embedding model,
 * which cannot run here, to test recall by meaning.
 */
export class SynonymEmbeddings extends Embeddings {
  readonly dimension = 256;
  private readonly groupOf = new Map<string, number>();

  constructor(groups: readonly (readonly string[])[]) {
    super({});
    groups.forEach((words, i) => {
      for (const w of words) this.groupOf.set(stem(w), i);
    });
  }

  override async embedDocuments(texts: string[]): Promise<number[][]> {
    return texts.map((t) => this.embed(t));
  }

  override async embedQuery(text: string): Promise<number[]> {
    return this.embed(text);
  }

  private embed(text: string): number[] {
    const vector = new Array<number>(this.dimension).fill(0);
    for (const token of tokenize(text)) {
      if (STOP_WORDS.has(token)) continue;
      const group = this.groupOf.get(stem(token));
      // Words outside every group land above the groups, by a stable hash of their stem.
      const index =
        group ??
        32 + ([...stem(token)].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7) % (this.dimension - 32));
      vector[index] = (vector[index] ?? 0) + 1;
    }
    const norm = Math.hypot(...vector) || 1;
    return vector.map((x) => x / norm);
  }
}
