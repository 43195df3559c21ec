import type { ParamDeclaration } from './statements.js';

const user = { userId: 'string' } as const;

/**
 * The parameters of the statements that keep stored data in step rather than write new
 * memories (see `statements.ts`): a forget's redacted and removed turns, and the one-time
 * re-keying of entities stored before keys kept `+`, `#`, `&` and `@`.
 */
export const UPKEEP_PARAMS: Readonly<Record<string, ParamDeclaration>> = {
  'episode-redact': {
    ...user,
    uid: 'string',
    threadId: 'string',
    messages: 'string',
    contentHash: 'string',
    text: 'string',
    terms: 'string',
    conceptTerms: 'string',
    vector: 'vector',
    summary: 'string',
    error: 'string',
  },
  'episodes-delete': { ...user, uids: 'strings' },
  'entities-rekey': {
    ...user,
    rows: { rows: { uid: 'string', key: 'string', aliases: 'strings', aliasText: 'string' } },
  },
  'entity-keys-delete': { ...user, ids: 'strings' },
};
