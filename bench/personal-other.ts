import type { EmbeddingsLike } from '../src/embed/base.js';
import { createMemory } from '../src/memory/create.js';
import { tempDir } from '../test/helpers/temp-dir.js';
import { answers } from './personal.js';
import { type OtherPersona, otherPersonas } from './personal-other-data.js';
import { seededUids } from './seeded-uids.js';

/**
 * kgmem on a personal set of other predicates (by default the second set, `personal-other-data.ts`:
 * predicates named as other agents name them; or the unseen slots, `personal-unseen-data.ts`):
 * every persona's triples saved by `addTriples`, every question asked, and how many have their
 * answer fact recalled first.
 */
export async function otherPersonalHit1(
  embeddings: EmbeddingsLike,
  personas: readonly OtherPersona[] = otherPersonas(),
): Promise<{ hits: number; n: number }> {
  const dir = tempDir('kgmem-personal-other-');
  const memory = await createMemory({ dataDir: dir.path, embeddings, env: {}, newUid: seededUids() });
  let hits = 0;
  let n = 0;
  try {
    for (const persona of personas) {
      await memory.addTriples(persona.id, persona.triples, {
        at: new Date(Date.UTC(2026, 0, 1)),
        source: 'save_knowledge',
      });
      for (const question of persona.questions) {
        const recalled = await memory.recall({ userId: persona.id, query: question.question, limit: 10 });
        const first = recalled.facts[0];
        if (first && answers(first, question)) hits++;
        n++;
      }
    }
  } finally {
    await memory.close();
    dir.remove();
  }
  return { hits, n };
}
