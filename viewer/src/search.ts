import { el } from './dom';
import type { KnowledgeGraph } from './graph-model';

const MAX_SUGGESTIONS = 12;

/**
 * The entity search: suggestions from the loaded graph as you type (names starting with the text
 * first); Enter picks the first, or asks the server for a name the view has not loaded.
 */
export function setupSearch(
  input: HTMLInputElement,
  list: HTMLUListElement,
  graph: KnowledgeGraph,
  actions: { pick(node: string): void; lookUp(name: string): void },
): void {
  let matches: string[] = [];
  /** The pending close of the list after the box lost focus. */
  let closing: ReturnType<typeof setTimeout> | undefined;
  /** The suggestion arrow keys moved to (-1: none, Enter takes the first). */
  let active = -1;
  const clear = () => {
    matches = [];
    active = -1;
    list.replaceChildren();
  };
  const highlightActive = () => {
    for (const [i, item] of [...list.children].entries()) item.classList.toggle('active', i === active);
  };
  const pick = (node: string) => {
    input.value = graph.getNodeAttribute(node, 'label');
    clear();
    actions.pick(node);
  };

  input.addEventListener('input', () => {
    clearTimeout(closing);
    const text = input.value.trim().toLowerCase();
    if (text.length === 0) return clear();
    const starts: string[] = [];
    const contains: string[] = [];
    graph.forEachNode((node, attrs) => {
      const label = attrs.label.toLowerCase();
      if (label.startsWith(text)) starts.push(node);
      else if (label.includes(text)) contains.push(node);
    });
    const byMentions = (a: string, b: string) =>
      graph.getNodeAttribute(b, 'mentions') - graph.getNodeAttribute(a, 'mentions');
    matches = [...starts.sort(byMentions), ...contains.sort(byMentions)].slice(0, MAX_SUGGESTIONS);
    active = -1;
    list.replaceChildren(
      ...matches.map((node) => {
        const item = el('li', { 'data-node': node }, graph.getNodeAttribute(node, 'label'));
        item.addEventListener('mousedown', (event) => {
          event.preventDefault();
          pick(node);
        });
        return item;
      }),
    );
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') return clear();
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && matches.length > 0) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      active = (active + step + matches.length) % matches.length;
      return highlightActive();
    }
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const first = matches[Math.max(0, active)];
    if (first) pick(first);
    else if (input.value.trim()) {
      const name = input.value.trim();
      clear();
      actions.lookUp(name);
    }
  });
  // Leaving the box closes the list, after a moment so a click on a suggestion still lands;
  // coming back or typing cancels that.
  input.addEventListener('blur', () => {
    closing = setTimeout(clear, 150);
  });
  input.addEventListener('focus', () => clearTimeout(closing));
}
