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

export const EDGE_COLOR = '#b8c0cc';
export const EDGE_FOCUS_COLOR = '#3d4451';
export const EDGE_HISTORY_COLOR = '#d4a0a0';
export const DIMMED_COLOR = '#eceef1';
export const HIGHLIGHT_COLOR = '#ff2e63';
export const USER_COLOR = '#111827';
