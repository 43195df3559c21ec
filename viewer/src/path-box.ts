import { el } from './dom';
import { mergeFacts } from './graph-model';
import { asOfText, clearButton, type SidebarDeps } from './sidebar-result';

/** The path form: the shortest chain of facts between two entities, highlighted in the graph. */
export function setupPath(
  form: HTMLFormElement,
  from: HTMLInputElement,
  to: HTMLInputElement,
  output: HTMLElement,
  deps: SidebarDeps,
): void {
  const { api, graph, view } = deps;
  // The selected entity is the default start.
  view.subscribe((state, changed) => {
    if (
      changed.has('selected') &&
      state.selected &&
      graph.hasNode(state.selected) &&
      document.activeElement !== from
    ) {
      from.value = graph.getNodeAttribute(state.selected, 'label');
    }
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const user = view.state.user;
    if (!user || !from.value.trim() || !to.value.trim()) return;
    try {
      const asOf = asOfText(view);
      const path = await api.path(user, from.value.trim(), to.value.trim(), asOf);
      if (!path.found) {
        output.replaceChildren(el('p', {}, 'These entities are not connected within 6 facts.'));
        view.set({ highlight: null });
        return;
      }
      const before = graph.order;
      mergeFacts(graph, path.entities, path.facts);
      if (graph.order !== before) deps.graphChanged();
      view.set({
        highlight: {
          kind: 'path',
          nodes: new Set(path.entities.map((e) => e.uid)),
          edges: new Set(path.facts.map((f) => f.uid)),
        },
      });
      void deps.fitNodes(path.entities.map((e) => e.uid));
      const clear = clearButton(output, view);
      output.replaceChildren(
        el('p', {}, `${path.facts.length} facts `, clear),
        el('ol', { id: 'path-facts' }, ...path.facts.map((f) => el('li', {}, f.statement))),
      );
    } catch (error) {
      deps.showError(error);
    }
  });
}
