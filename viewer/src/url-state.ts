/** The part of the view a shared link carries: user, selected entity, time, history and looks. */
export interface UrlState {
  user: string | null;
  entity: string | null;
  asOf: number | null;
  history: boolean;
  /** Facts coloured by predicate (`colour=predicate`). */
  edgeColour: 'plain' | 'predicate';
  /** Entities sized by mentions (`size=mentions`). */
  nodeSize: 'degree' | 'mentions';
}

/** Reads the view from the page's query string. */
export function readUrlState(search = window.location.search): UrlState {
  const params = new URLSearchParams(search);
  const asOfText = params.get('asOf');
  const asOf = asOfText ? Date.parse(asOfText) : Number.NaN;
  return {
    user: params.get('user'),
    entity: params.get('entity'),
    asOf: Number.isNaN(asOf) ? null : asOf,
    history: ['1', 'true', 'yes'].includes((params.get('history') ?? '').toLowerCase()),
    edgeColour: params.get('colour') === 'predicate' ? 'predicate' : 'plain',
    nodeSize: params.get('size') === 'mentions' ? 'mentions' : 'degree',
  };
}

/** Writes the view into the query string without adding a history entry per click. */
export function writeUrlState(state: UrlState): void {
  const params = new URLSearchParams();
  if (state.user) params.set('user', state.user);
  if (state.entity) params.set('entity', state.entity);
  if (state.asOf !== null) params.set('asOf', new Date(state.asOf).toISOString());
  if (state.history) params.set('history', '1');
  if (state.edgeColour === 'predicate') params.set('colour', 'predicate');
  if (state.nodeSize === 'mentions') params.set('size', 'mentions');
  const query = params.toString();
  const url = `${window.location.pathname}${query ? `?${query}` : ''}`;
  if (url !== `${window.location.pathname}${window.location.search}`)
    window.history.replaceState(null, '', url);
}
