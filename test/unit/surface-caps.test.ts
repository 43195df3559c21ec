import { describe, expect, it } from 'vitest';
import { toolInputs } from '../../src/mcp/schemas.js';
import { SURFACE_CAPS } from '../../src/model/limits.js';
import { recallQuery, searchQuery, triplesBody } from '../../src/server/schemas.js';

const triple = { subject: 'I', predicate: 'likes', object: 'tea' };
const triples = (n: number) => Array.from({ length: n }, () => triple);

describe('each surface takes its caps from the one table', () => {
  it('HTTP: recall limit, search limit and triples per call', () => {
    const caps = SURFACE_CAPS.http;
    expect(recallQuery.safeParse({ q: 'tea', limit: String(caps.recallLimit) }).success).toBe(true);
    expect(recallQuery.safeParse({ q: 'tea', limit: String(caps.recallLimit + 1) }).success).toBe(false);
    expect(searchQuery.safeParse({ q: 'tea', limit: String(caps.searchLimit + 1) }).success).toBe(false);
    expect(triplesBody.safeParse({ triples: triples(caps.triplesPerCall) }).success).toBe(true);
    expect(triplesBody.safeParse({ triples: triples(caps.triplesPerCall + 1) }).success).toBe(false);
  });

  it('MCP: the same names, its own (smaller) caps', () => {
    const caps = SURFACE_CAPS.mcp;
    const tools = toolInputs(false);
    expect(tools.recall.safeParse({ query: 'tea', limit: caps.recallLimit }).success).toBe(true);
    expect(tools.recall.safeParse({ query: 'tea', limit: caps.recallLimit + 1 }).success).toBe(false);
    expect(tools.search_entities.safeParse({ query: 'tea', limit: caps.searchLimit + 1 }).success).toBe(
      false,
    );
    expect(tools.add_facts.safeParse({ facts: triples(caps.triplesPerCall) }).success).toBe(true);
    expect(tools.add_facts.safeParse({ facts: triples(caps.triplesPerCall + 1) }).success).toBe(false);
  });

  it('a tool for a model is capped below HTTP, and HTTP below the library', () => {
    for (const key of ['recallLimit', 'searchLimit', 'triplesPerCall'] as const) {
      expect(SURFACE_CAPS.langgraph[key]).toBeLessThanOrEqual(SURFACE_CAPS.mcp[key]);
      expect(SURFACE_CAPS.mcp[key]).toBeLessThanOrEqual(SURFACE_CAPS.http[key]);
      expect(SURFACE_CAPS.http[key]).toBeLessThanOrEqual(SURFACE_CAPS.library[key]);
    }
  });
});
