import { describe, expect, it } from 'vitest';
import { embeddedMemory } from '../helpers/embedded-memory.js';

/**
 * Someone of the user's said without a name ("My sister lives in Berlin"): the rule extractor keeps
 * them as the words said, and a question asking of them by those words ("Where does my sister
 * live?") is about them, not about the user (real embedded database, hashing embedder).
 */
describe("personal memory: someone of the user's not named", () => {
  const memory = embeddedMemory('kgmem-unnamed-relative-', async (written) => {
    for (const content of [
      'I have a sister.',
      'My sister lives in Berlin.',
      'I live in Leeds.',
      'My mom loves gardening.',
      'I love chess.',
      'I have two kids.',
    ])
      await written.remember({ userId: 'me', threadId: 't', messages: [{ role: 'user', content }] });
  });
  const facts = async (query: string) => (await memory().recall({ userId: 'me', query, limit: 5 })).facts;

  it.each([
    ['Where does my sister live?', 'Berlin'],
    ['What does my mom love?', 'gardening'],
  ])('"%s": %s, not the user\'s own', async (query, object) => {
    expect((await facts(query))[0]?.object).toBe(object);
  });

  it.each([
    ['Where do I live?', 'Leeds'],
    ['What do I love?', 'chess'],
  ])('"%s": %s (guard: the user\'s own)', async (query, object) => {
    expect((await facts(query))[0]?.object).toBe(object);
  });

  it('keeps the ones not named yet, as said', async () => {
    const kept = await memory().recall({ userId: 'me', query: 'How many kids do I have?', limit: 5 });
    expect(kept.facts.map((f) => `${f.predicate} ${f.object}`)).toContain('has two kids');
  });
});
