/** Bounds of a {@link memoizeByText} cache. */
export interface TextMemoOptions {
  /** Entries kept; when full the cache starts afresh (a cleared cache only costs recomputing). */
  limit: number;
  /** Texts longer than this are computed every time, never kept. */
  maxLength: number;
}

/**
 * A function of a text, remembered per text: names, predicates and words repeat across a
 * memory's writes (a bulk import says each entity and predicate thousands of times).
 */
export function memoizeByText<T>(
  compute: (text: string) => T,
  options: TextMemoOptions,
): (text: string) => T {
  const cache = new Map<string, T>();
  return (text) => {
    if (text.length > options.maxLength) return compute(text);
    let value = cache.get(text);
    if (value === undefined) {
      value = compute(text);
      if (cache.size >= options.limit) cache.clear();
      cache.set(text, value);
    }
    return value;
  };
}
