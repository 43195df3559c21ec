import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeAnswers, homeTimeline, shuffled, trueHome, writeTimeline } from '../../bench/timeline.js';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { createMemory } from '../../src/memory/create.js';
import type { Memory } from '../../src/memory/memory.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * 120 people whose homes recur (they move back to cities they lived in, and say where they live
 * again now and then), written once in time order and once shuffled: both memories must give
 * every person's true home now and at past dates, and recall must never offer a stale one.
 */
describe('a synthetic timeline with recurring values, in time order and shuffled', () => {
  const observations = homeTimeline(120);
  const dates = ['2024-03-01', '2024-07-15', '2025-01-01', '2025-06-30', '2026-01-01'];
  const dir = tempDir('kgmem-timeline-');
  let ordered: Memory;
  let mixed: Memory;

  beforeAll(async () => {
    const open = (name: string) =>
      createMemory({
        dataDir: join(dir.path, name),
        embeddings: new HashingEmbeddings({ dimension: 64 }),
        env: {},
      });
    ordered = await open('ordered');
    mixed = await open('shuffled');
    await writeTimeline(
      ordered,
      'u',
      [...observations].sort((a, b) => a.at.localeCompare(b.at)),
    );
    await writeTimeline(mixed, 'u', shuffled(observations));
  }, 240_000);
  afterAll(async () => {
    await ordered.close();
    await mixed.close();
    dir.remove();
  });

  it('has recurring values to test (people who moved back to a city)', () => {
    const back = new Set<string>();
    const seen = new Map<string, Set<string>>();
    for (const o of [...observations].sort((a, b) => a.at.localeCompare(b.at))) {
      const cities = seen.get(o.person) ?? new Set();
      const last = [...observations].filter((x) => x.person === o.person && x.at < o.at).pop();
      if (cities.has(o.city) && last && last.city !== o.city) back.add(o.person);
      cities.add(o.city);
      seen.set(o.person, cities);
    }
    expect(back.size).toBeGreaterThan(30);
  });

  it('gives the true current home, the true home at past dates, and no stale home in recall, either way', async () => {
    const people = [...new Set(observations.map((o) => o.person))];
    const results = [];
    for (const memory of [ordered, mixed]) {
      const answers = await homeAnswers(memory, 'u', observations, dates);
      const wrongNow = people.filter((p) => answers.current.get(p) !== trueHome(observations, p, '9999'));
      const wrongThen = people.flatMap((p) =>
        dates.filter(
          (d) => answers.asOf.get(`${p}@${d}`) !== trueHome(observations, p, `${d}T00:00:00.000Z`),
        ),
      );
      results.push({ wrongNow, wrongThen, stale: answers.staleInRecall, notFirst: answers.currentNotFirst });
    }
    expect(results).toEqual([
      { wrongNow: [], wrongThen: [], stale: [], notFirst: [] },
      { wrongNow: [], wrongThen: [], stale: [], notFirst: [] },
    ]);
  });
});
