/** Colours by entity type: fixed ones for common types, a stable hash-picked one for the rest. */

const KNOWN: Record<string, string> = {
  person: '#e4572e',
  place: '#17bebb',
  organization: '#4062bb',
  organisation: '#4062bb',
  event: '#f3a712',
  thing: '#8a4fff',
  food: '#c1839f',
  concept: '#59a96a',
  date: '#9c6644',
  unknown: '#8d99ae',
};

const PALETTE = ['#2a9d8f', '#e76f51', '#264653', '#e9c46a', '#6d597a', '#b56576', '#355070', '#7cb518'];

/** The colour of an entity type. */
export function typeColor(type: string): string {
  const known = KNOWN[type];
  if (known) return known;
  let hash = 0;
  for (const char of type) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? '#8d99ae';
}

const PREDICATE_PALETTE = [
  '#4e79a7',
  '#f28e2b',
  '#59a14f',
  '#e15759',
  '#76b7b2',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#bab0ac',
];

/** A stable colour per predicate key (when facts are coloured by predicate). */
export function predicateColor(key: string): string {
  let hash = 0;
  for (const char of key) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return PREDICATE_PALETTE[hash % PREDICATE_PALETTE.length] ?? '#b8c0cc';
}

export const EDGE_COLOR = '#b8c0cc';
export const EDGE_FOCUS_COLOR = '#3d4451';
export const EDGE_HISTORY_COLOR = '#d4a0a0';
export const DIMMED_COLOR = '#eceef1';
export const HIGHLIGHT_COLOR = '#ff2e63';
export const USER_COLOR = '#111827';
