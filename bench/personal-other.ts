import type { EmbeddingsLike } from '../src/embed/base.js';
import { createMemory } from '../src/memory/create.js';
import { tempDir } from '../test/helpers/temp-dir.js';
import { answers } from './personal.js';
import { otherPersonas } from './personal-other-data.js';
import { seededUids } from './seeded-uids.js';

/**
 * kgmem on the second personal set (`personal-other-data.ts`: predicates named as other agents
 * name them): every persona's triples saved by `addTriples`, every question of both wordings
 * asked, and the share whose answer fact is recalled first.
 */
export async function otherPersonalHit1(embeddings: EmbeddingsLike): Promise<{ hits: number; n: number }> {
  const dir = tempDir('kgmem-personal-other-');
  const memory = await createMemory({ dataDir: dir.path, embeddings, env: {}, newUid: seededUids() });
  let hits = 0;
  let n = 0;
  try {
    for (const persona of otherPersonas()) {
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
