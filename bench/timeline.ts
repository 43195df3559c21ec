import type { Memory } from '../src/memory/memory.js';

/** One time a person's home was said: who, where, when, and by which turn. */
export interface HomeObservation {
  person: string;
  city: string;
  at: string;
  source: string;
}

const CITIES = ['Lisbon', 'Oslo', 'Porto', 'Ghent', 'Kyoto', 'Quito', 'Tartu', 'Bergen'];
const DAY = 86_400_000;

/**
 * A synthetic timeline of homes that recur: each person moves 3 to 6 times over two years among
 * three cities (so most go back to a city they lived in), and some moves are said again later
 * ("still in Oslo"). Deterministic for a seed.
 */
export function homeTimeline(people: number, seed = 7): HomeObservation[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  const start = Date.UTC(2024, 0, 1);
  const observations: HomeObservation[] = [];
  for (let p = 0; p < people; p++) {
    const person = `Person ${p + 1}`;
    const pool = [0, 1, 2].map(() => CITIES[Math.floor(random() * CITIES.length)] as string);
    let day = Math.floor(random() * 30);
    let previous = '';
    const moves = 3 + Math.floor(random() * 4);
    for (let m = 0; m < moves; m++) {
      let city = pool[Math.floor(random() * pool.length)] as string;
      if (city === previous) city = pool.find((c) => c !== previous) ?? city;
      previous = city;
      observations.push({
        person,
        city,
        at: new Date(start + day * DAY).toISOString(),
        source: `p${p}m${m}`,
      });
      // Said again while still living there, now and then.
      const stay = 40 + Math.floor(random() * 120);
      if (random() < 0.4) {
        const again = day + 1 + Math.floor(random() * (stay - 1));
        observations.push({
          person,
          city,
          at: new Date(start + again * DAY).toISOString(),
          source: `p${p}m${m}again`,
        });
      }
      day += stay;
    }
  }
  return observations;
}

/** The observations in a shuffled order (deterministic for a seed). */
export function shuffled<T>(items: readonly T[], seed = 11): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** Writes each observation as its own `addTriples` call, at its time, with its source. */
export async function writeTimeline(
  memory: Memory,
  userId: string,
  observations: readonly HomeObservation[],
) {
  for (const o of observations) {
    await memory.addTriples(userId, [{ subject: o.person, predicate: 'lives_in', object: o.city }], {
      at: o.at,
      source: o.source,
    });
  }
}

/** What a memory answers about everyone's home: now, at some past dates, and what recall gives. */
export interface HomeAnswers {
  current: Map<string, string>;
  asOf: Map<string, string>;
  /** People whose recall ("Where does X live?") lists a home that is not their current one. */
  staleInRecall: string[];
  /** People whose recall does not give their current home first among homes. */
  currentNotFirst: string[];
}

/** Reads the answers of a memory written with {@link writeTimeline}. */
export async function homeAnswers(
  memory: Memory,
  userId: string,
  observations: readonly HomeObservation[],
  dates: readonly string[],
): Promise<HomeAnswers> {
  const people = [...new Set(observations.map((o) => o.person))];
  const current = new Map<string, string>();
  for (const fact of await memory.facts(userId, { predicate: 'lives_in', limit: 1_000_000 }))
    current.set(fact.subject, fact.object);
  const asOf = new Map<string, string>();
  for (const date of dates)
    for (const fact of await memory.facts(userId, { predicate: 'lives_in', asOf: date, limit: 1_000_000 }))
      asOf.set(`${fact.subject}@${date}`, fact.object);
  const staleInRecall: string[] = [];
  const currentNotFirst: string[] = [];
  for (const person of people) {
    const { facts } = await memory.recall({ userId, query: `Where does ${person} live?`, limit: 10 });
    const homes = facts
      .filter((f) => f.subject === person && f.predicate === 'lives_in')
      .map((f) => f.object);
    if (homes.some((h) => h !== current.get(person))) staleInRecall.push(person);
    if (homes[0] !== current.get(person)) currentNotFirst.push(person);
  }
  return { current, asOf, staleInRecall, currentNotFirst };
}

/** The true home of each person at a time, from the observations (the last one said before). */
export function trueHome(
  observations: readonly HomeObservation[],
  person: string,
  at: string,
): string | undefined {
  let best: HomeObservation | undefined;
  for (const o of observations) if (o.person === person && o.at <= at && (!best || o.at >= best.at)) best = o;
  return best?.city;
}
