/**
 * Whether a stored item path is kgmem's own (instructions, merge records) rather than a LangGraph
 * store namespace: kgmem's paths start with "#", which no namespace path can (namespace labels
 * are URI-encoded), so `KgmemStore` never lists, searches or returns them.
 */
export function isInternalItemPath(path: string): boolean {
  return path.startsWith('#');
}
