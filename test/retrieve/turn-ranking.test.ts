import { describe, expect, it } from 'vitest';
import { embeddedMemory } from '../helpers/embedded-memory.js';

/**
 * Which stored turn comes first, offline (hashing embedder, rule extractor, real embedded
 * database): the user's own name tells none of their turns apart, and a fact about another doing
 * than the one a "when" question names does not lift its turn, a turn that says when comes
 * first for a "when" question, and the noun framing "what kind of …" is no word to match.
 */
describe('recall: the turn that answers first', () => {
  const said: Record<string, string> = {};

  const memory = embeddedMemory('kgmem-turn-rank-', async (written) => {
    const turns = [
      'Glad you agree, Caroline. Appreciate the support of those close to me.',
      'Researching adoption agencies has been a dream of mine for years.',
      'My research into old painting styles is going slowly.',
      'I went to a support group yesterday and it was so powerful.',
      'Last Friday I went to a council meeting for adoption, it was inspiring.',
      'The weather was lovely for a walk by the lake.',
      'The museum is wonderful.',
      'Yesterday the kids and I spent the whole long afternoon at the science museum downtown.',
      'You are so kind, I hope to be that kind one day.',
      'A shelter for people in need would be my dream.',
    ];
    for (const [i, text] of turns.entries()) {
      const result = await written.remember({
        userId: 'caroline',
        threadId: 'chat',
        messages: [{ role: 'user', content: text, name: 'Caroline' }],
        at: new Date(Date.UTC(2023, 4, 1 + i)),
      });
      said[result.episodeUid] = text;
    }
  });

  const firstTurn = async (query: string) =>
    said[(await memory().recall({ userId: 'caroline', query, limit: 5 })).episodes[0]?.uid ?? ''];

  it("does not rank a turn first for saying the user's own name", async () => {
    expect(await firstTurn('What did Caroline research?')).toMatch(/research/i);
  });

  it("does not rank a turn first for saying the user's name in a possessive", async () => {
    expect(await firstTurn("What is Caroline's research about?")).toMatch(/research/i);
  });

  it('ranks the turn that says when above one that only names the doing, for a "when" question', async () => {
    expect(await firstTurn('When did Caroline go to the museum?')).toMatch(/Yesterday/);
    // Asked anything else, the shorter turn matching the same word stays first.
    expect(await firstTurn('What does Caroline think of the museum?')).toBe('The museum is wonderful.');
  });

  it('ranks the turn of the doing a "when" question names above the source of another', async () => {
    expect(await firstTurn('When did Caroline go to the adoption meeting?')).toMatch(/council meeting/);
  });

  it('does not rank a turn first for the noun that frames a question ("what kind of …")', async () => {
    expect(await firstTurn('What kind of shelter does Caroline hope to build?')).toMatch(/shelter/);
    expect(await firstTurn('What type of shelter does Caroline hope to build?')).toMatch(/shelter/);
  });
});
