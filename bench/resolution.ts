import type { EmbeddingsLike } from '../src/embed/base.js';
import { HashingEmbeddings } from '../src/embed/hashing.js';
import { LocalEmbeddings } from '../src/embed/local.js';
import { createMemory } from '../src/memory/create.js';
import { USER_ENTITY_KEY } from '../src/model/normalize.js';
import { tempDir } from '../test/helpers/temp-dir.js';
import { MemoEmbeddings } from './memo-embeddings.js';
import { NAME_PAIRS, type NamePair } from './resolution-data.js';
import { localModel } from './semantic.js';
import { markdownTable } from './table.js';

/** Whether the two names of a pair became one entity when said one after the other. */
async function mergedPairs(embeddings: EmbeddingsLike, pairs: readonly NamePair[]): Promise<boolean[]> {
  const dir = tempDir('kgmem-resolution-');
  const memory = await createMemory({ dataDir: dir.path, embeddings, env: {} });
  try {
    const merged: boolean[] = [];
    for (const [i, pair] of pairs.entries()) {
      const userId = `pair-${i}`;
      // Two writes, as two turns would make them: the second name meets the first one stored.
      const [firstType, secondType] = pair.types ?? [undefined, undefined];
      await memory.addTriples(userId, [
        {
          subject: 'I',
          predicate: 'mentioned',
          object: pair.first,
          ...(firstType ? { objectType: firstType } : {}),
        },
      ]);
      await memory.addTriples(userId, [
        {
          subject: 'I',
          predicate: 'talked_about',
          object: pair.second,
          ...(secondType ? { objectType: secondType } : {}),
        },
      ]);
      const entities = (await memory.entities(userId)).filter((e) => e.key !== USER_ENTITY_KEY);
      merged.push(entities.length === 1);
    }
    return merged;
  } finally {
    await memory.close();
    dir.remove();
  }
}

const share = (n: number, of: number) => (of === 0 ? '—' : (n / of).toFixed(3));

/** One embedder's rows: per class, then all pairs (merge recall, kept-apart rate, pairwise F1). */
function rows(name: string, merged: readonly boolean[]): Record<string, string | number>[] {
  const classes = [...new Set(NAME_PAIRS.map((p) => p.class))];
  const perClass = classes.map((cls) => {
    const at = NAME_PAIRS.flatMap((p, i) => (p.class === cls ? [i] : []));
    const same = NAME_PAIRS[at[0] ?? 0]?.same ?? true;
    const hits = at.filter((i) => merged[i]).length;
    return {
      embedder: name,
      class: cls,
      pairs: at.length,
      'merge recall': same ? share(hits, at.length) : '—',
      'kept apart': same ? '—' : share(at.length - hits, at.length),
    };
  });
  const sameAt = NAME_PAIRS.flatMap((p, i) => (p.same ? [i] : []));
  const apartAt = NAME_PAIRS.flatMap((p, i) => (p.same ? [] : [i]));
  const truePos = sameAt.filter((i) => merged[i]).length;
  const falsePos = apartAt.filter((i) => merged[i]).length;
  const precision = truePos / Math.max(1, truePos + falsePos);
  const recall = truePos / Math.max(1, sameAt.length);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return [
    ...perClass,
    {
      embedder: name,
      class: `**all** (pairwise F1 ${f1.toFixed(3)})`,
      pairs: NAME_PAIRS.length,
      'merge recall': share(truePos, sameAt.length),
      'kept apart': share(apartAt.length - falsePos, apartAt.length),
    },
  ];
}

/**
 * Entity resolution through the public API: each pair's names said in two writes of one user
 * (`addTriples`), with the offline embedder and with all-MiniLM-L6-v2 in process when it is set
 * up; merge recall of same-thing pairs and kept-apart rate of look-alikes, per class. Returns the
 * Markdown section.
 */
export async function benchResolution(): Promise<string> {
  const table = rows('hashing (offline)', await mergedPairs(new HashingEmbeddings(), NAME_PAIRS));
  const model = localModel();
  const notes: string[] = [];
  if ('skipped' in model) notes.push(`The local sentence model did not run: ${model.skipped}.`);
  else {
    const local = new MemoEmbeddings(new LocalEmbeddings({ directory: model.directory }), 'all-MiniLM-L6-v2');
    table.push(...rows('all-MiniLM-L6-v2 (in process)', await mergedPairs(local, NAME_PAIRS)));
  }
  const sameCount = NAME_PAIRS.filter((p) => p.same).length;
  return [
    `### Entity resolution: one thing, one node (${NAME_PAIRS.length} pairs: ${sameCount} of one thing, ${NAME_PAIRS.length - sameCount} look-alikes)`,
    markdownTable(table),
    'Each pair is said in two writes of a fresh user (`addTriples`: "I mentioned <first>", then "I talked about <second>"); it merged when the user then has one entity besides their own. Merge recall: same-thing pairs merged; kept apart: look-alike pairs left as two entities; pairwise F1 over all pairs. The dev set (`bench/resolution-data.ts`) was written for kgmem; the held-out set it is judged on has other names.',
    ...notes,
  ].join('\n\n');
}
