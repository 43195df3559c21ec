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
  const clear = () => {
    matches = [];
    list.replaceChildren();
  };
  const pick = (node: string) => {
    input.value = graph.getNodeAttribute(node, 'label');
    clear();
    actions.pick(node);
  };

  input.addEventListener('input', () => {
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
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const first = matches[0];
    if (first) pick(first);
    else if (input.value.trim()) {
      const name = input.value.trim();
      clear();
      actions.lookUp(name);
    }
  });
  input.addEventListener('blur', () => setTimeout(clear, 150));
}
