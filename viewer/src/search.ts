import { el } from './dom';
import type { KnowledgeGraph } from './graph-model';
import type { NameHit } from './types';

const MAX_SUGGESTIONS = 12;
// Wait this long after the last key before asking the server.
const SERVER_DELAY_MS = 120;

/** What the search box does with what it finds. */
export interface SearchActions {
  /** Selects an entity the view holds. */
  pick(node: string): void;
  /** Opens an entity the view does not hold as a fresh view of its neighbourhood. */
  open(uid: string): void;
  /** Adds an entity's neighbourhood to the current view instead. */
  add(uid: string): void;
  /** Entities of the whole memory matching the text (the server's name search). */
  find(text: string): Promise<NameHit[]>;
  /** Enter with no suggestion: ask the server for that name. */
  lookUp(name: string): void;
}

interface Suggestion {
  uid: string;
  label: string;
  inView: boolean;
}

/**
 * The entity search. As you type it suggests names from the view at once, then the server's
 * matches over the whole memory (prefixes, word starts, near spellings: "insep" finds
 * "Inception"). Picking a suggestion in the view selects it; one outside opens its neighbourhood
 * as a fresh view, or, with the "+" button (or Shift+Enter), adds it to the current one.
 */
export function setupSearch(
  input: HTMLInputElement,
  list: HTMLUListElement,
  graph: KnowledgeGraph,
  actions: SearchActions,
): void {
  let suggestions: Suggestion[] = [];
  /** The pending close of the list after the box lost focus. */
  let closing: ReturnType<typeof setTimeout> | undefined;
  let asking: ReturnType<typeof setTimeout> | undefined;
  /** The suggestion arrow keys moved to (-1: none, Enter takes the first). */
  let active = -1;
  const clear = () => {
    clearTimeout(asking);
    suggestions = [];
    active = -1;
    delete list.dataset.settled;
    list.replaceChildren();
  };
  const highlightActive = () => {
    for (const [i, item] of [...list.children].entries()) item.classList.toggle('active', i === active);
  };
  const choose = (suggestion: Suggestion, add = false) => {
    input.value = suggestion.label;
    clear();
    if (suggestion.inView) actions.pick(suggestion.uid);
    else if (add) actions.add(suggestion.uid);
    else actions.open(suggestion.uid);
  };
  /**
   * Shows a list of suggestions. The one the arrow keys moved to stays highlighted when the
   * server's list replaces the view's own (and holds it too); `settled` marks the list as final
   * for what was typed (the server answered, or could not).
   */
  const show = (next: Suggestion[], settled: boolean) => {
    const highlighted = suggestions[active]?.uid;
    suggestions = next.slice(0, MAX_SUGGESTIONS);
    active = highlighted === undefined ? -1 : suggestions.findIndex((s) => s.uid === highlighted);
    list.dataset.settled = String(settled);
    list.replaceChildren(
      ...suggestions.map((suggestion) => {
        const item = el('li', { 'data-node': suggestion.uid }, suggestion.label);
        item.addEventListener('mousedown', (event) => {
          event.preventDefault();
          choose(suggestion);
        });
        if (!suggestion.inView) {
          item.classList.add('outside');
          const add = el(
            'button',
            { type: 'button', class: 'add-to-view', title: 'add to the current view' },
            '+',
          );
          add.addEventListener('mousedown', (event) => {
            event.preventDefault();
            event.stopPropagation();
            choose(suggestion, true);
          });
          item.append(add);
        }
        return item;
      }),
    );
    highlightActive();
  };
  const inView = (text: string): Suggestion[] => {
    const starts: string[] = [];
    const contains: string[] = [];
    graph.forEachNode((node, attrs) => {
      const label = attrs.label.toLowerCase();
      if (label.startsWith(text)) starts.push(node);
      else if (label.includes(text)) contains.push(node);
    });
    const byMentions = (a: string, b: string) =>
      graph.getNodeAttribute(b, 'mentions') - graph.getNodeAttribute(a, 'mentions');
    return [...starts.sort(byMentions), ...contains.sort(byMentions)].map((node) => ({
      uid: node,
      label: graph.getNodeAttribute(node, 'label'),
      inView: true,
    }));
  };

  input.addEventListener('input', () => {
    clearTimeout(closing);
    clearTimeout(asking);
    const typed = input.value.trim();
    const text = typed.toLowerCase();
    if (text.length === 0) return clear();
    const local = inView(text);
    active = -1;
    show(local, false);
    asking = setTimeout(() => {
      actions
        .find(typed)
        .then((hits) => {
          if (input.value.trim() !== typed) return;
          const seen = new Set<string>();
          // The server's order (best match first); what the view already holds is picked there.
          const merged = [
            ...hits.map((hit) => ({ uid: hit.uid, label: hit.name, inView: graph.hasNode(hit.uid) })),
            ...local,
          ].filter((s) => !seen.has(s.uid) && seen.add(s.uid));
          show(merged, true);
        })
        .catch(() => {
          // The view's own suggestions stay; Enter still asks the server by name.
          if (input.value.trim() === typed) list.dataset.settled = 'true';
        });
    }, SERVER_DELAY_MS);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') return clear();
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && suggestions.length > 0) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      active = (active + step + suggestions.length) % suggestions.length;
      return highlightActive();
    }
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const first = suggestions[Math.max(0, active)];
    if (first) choose(first, event.shiftKey);
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
