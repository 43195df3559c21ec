import { it } from 'vitest';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { createMemory } from '../../src/memory/create.js';
import { LadybugStore } from '../../src/store/ladybug/store.js';
import { Neo4jStore } from '../../src/store/neo4j/store.js';
import { neo4jSettings } from '../conformance/neo4j.initializer.js';
import { tempDir } from '../helpers/temp-dir.js';

for (const kind of ['neo4j', 'ladybug'])
  it(kind, async () => {
    const store =
      kind === 'neo4j'
        ? new Neo4jStore(neo4jSettings()!)
        : new LadybugStore({ path: tempDir('x').path + '/g.lbug' });
    if (store instanceof Neo4jStore) {
      const c = new Neo4jStore(neo4jSettings()!);
      await c.open(64, { reembedding: true });
      await c.clearAll();
      await c.close();
    }
    const memory = await createMemory({ store, embeddings: new HashingEmbeddings({ dimension: 64 }) });
    const turn = (content: string, at: string) => ({
      userId: 'eve',
      threadId: 's',
      messages: [{ role: 'user' as const, content }],
      at,
    });
    await memory.remember(turn('I practise the violin every evening.', '2026-01-01T10:00:00Z'));
    const others = [
      'We watched a film on Sunday.',
      'My sister baked bread for the neighbours.',
      'The bus to work was late again.',
      'I planted tomatoes in the garden.',
      'Our team won the quiz at the pub.',
    ];
    for (const [i, c] of others.entries()) await memory.remember(turn(c, `2026-01-0${i + 2}T10:00:00Z`));
    const orig = store.searchEpisodes.bind(store);
    (store as any).searchEpisodes = async (u: string, q: any) => {
      const r = await orig(u, q);
      console.log(
        kind,
        'searchEpisodes',
        JSON.stringify({
          text: q.text,
          exp: q.expansion?.slice(0, 5),
          concepts: q.concepts?.slice(0, 5),
          k: q.k,
        }),
        JSON.stringify(r.text.slice(0, 3)),
      );
      return r;
    };
    const r = await memory.recall({ userId: 'eve', query: 'Which instruments?' });
    console.log(
      kind,
      r.episodes.map((e) => [e.excerpt, e.score, e.signals]),
    );
    await memory.close();
  });
