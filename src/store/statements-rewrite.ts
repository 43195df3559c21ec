import type { ParamDeclaration } from './statements.js';

/** The parameters of the statements only a merge or a split of entities runs (`GraphStore.rewriteEntities`). */
export const REWRITE_PARAMS: Readonly<Record<string, ParamDeclaration>> = {
  'entities-set-record': {
    userId: 'string',
    rows: {
      rows: { uid: 'string', aliases: 'strings', aliasText: 'string', mentions: 'integer', at: 'datetime' },
    },
  },
  'episode-mentions-delete': {
    userId: 'string',
    rows: { rows: { episodeUid: 'string', entityUid: 'string' } },
  },
};
