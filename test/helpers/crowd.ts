import type { Triple } from '../../src/model/triple.js';

/**
 * A synthetic social graph of exactly `entities` entities (people plus 1 city per 99 people) and
 * about two facts per person: everyone knows someone and lives somewhere. Deterministic.
 */
export function crowdTriples(entities = 5000): Triple[] {
  const cities = Math.max(1, Math.round(entities / 100));
  const people = entities - cities;
  const triples: Triple[] = [];
  for (let i = 0; i < people; i++) {
    triples.push({ subject: `Person ${i}`, predicate: 'knows', object: `Person ${(i * 7 + 1) % people}` });
    triples.push({ subject: `Person ${i}`, predicate: 'lives in', object: `City ${i % cities}` });
  }
  return triples;
}

/** The same triples as TSV lines (`subject<TAB>predicate<TAB>object`), as `kgmem import` reads them. */
export function crowdTsv(entities = 5000): string {
  return `${crowdTriples(entities)
    .map((t) => `${t.subject}\t${t.predicate}\t${t.object}`)
    .join('\n')}\n`;
}
