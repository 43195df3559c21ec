import type { RecallInput } from '../../src/memory/inputs.js';
import type { Memory } from '../../src/memory/memory.js';

/** Every kind of recall a user makes: named and unnamed, hops, history, a past date, a misspelling. */
export const RECALLS: Omit<RecallInput, 'userId'>[] = [
  { query: 'Where do I live?' },
  { query: 'What food should I bring to Tomas?' },
  { query: 'Who is Tomsa?' },
  { query: 'What does the friend of my sister like?', hops: 2 },
  { query: 'Where did I live?', includeHistory: true },
  { query: 'Where did I live?', asOf: new Date('2026-02-01T00:00:00Z') },
  { query: 'What did we talk about on the trip?', limit: 3, maxChars: 200 },
  { query: 'zzzz nothing matches this' },
];

/** Writes a small personal memory: facts, a change, a correction, stored turns and a forgotten fact. */
export async function writeMemory(memory: Memory): Promise<void> {
  await memory.addTriples(
    'me',
    [
      { subject: 'I', predicate: 'lives_in', object: 'Lisbon' },
      { subject: 'I', predicate: 'sister', object: 'Ana' },
      { subject: 'Ana', predicate: 'friend', object: 'Tomas' },
      { subject: 'Tomas', predicate: 'likes', object: 'Pizza' },
      { subject: 'I', predicate: 'plays', object: 'Cello' },
    ],
    { at: '2026-01-01T00:00:00Z' },
  );
  await memory.addTriples('me', [{ subject: 'I', predicate: 'lives_in', object: 'Porto' }], {
    at: '2026-03-01T00:00:00Z',
  });
  await memory.remember({
    userId: 'me',
    threadId: 'trip',
    messages: [{ role: 'user', content: 'On the trip we talked about jazz and the old tram in Porto.' }],
  });
  const cello = (await memory.facts('me')).find((f) => f.object === 'Cello');
  if (!cello) throw new Error('the test memory lacks its cello fact');
  await memory.forget({ userId: 'me', factUid: cello.uid });
  await memory.addTriples('someone-else', [{ subject: 'I', predicate: 'lives_in', object: 'Oslo' }]);
}
