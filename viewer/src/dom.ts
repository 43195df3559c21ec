/** DOM helpers: every piece of memory text goes in as text, never as HTML. */

type Child = Node | string | null | undefined | false;

/** Creates an element with attributes (`class`, `data-*`, `title`, …) and text or element children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return element;
}

/** The element with this id, which the page must have. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`viewer page is missing #${id}`);
  return element as T;
}

/** A date as `2026-03-02 09:16` (UTC). */
export function shortDate(iso: string | null): string {
  if (!iso) return '';
  return iso.slice(0, 16).replace('T', ' ');
}

/** Children without the empty ones, for `replaceChildren`. */
export function children(...items: Child[]): (Node | string)[] {
  return items.filter((item): item is Node | string => item !== null && item !== undefined && item !== false);
}
