import { children, el } from './dom';
import { mergeFacts } from './graph-model';
import { asOfText, clearButton, type SidebarDeps } from './sidebar-result';
import type { RecallPayload } from './types';

/**
 * The recall box: runs the same recall an agent gets, lists the ranked facts and the context
 * block, and highlights those facts and their entities in the graph.
 */
export function setupRecall(
  form: HTMLFormElement,
  input: HTMLInputElement,
  output: HTMLElement,
  deps: SidebarDeps,
): void {
  const { api, graph, view } = deps;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const query = input.value.trim();
    const user = view.state.user;
    if (!query || !user) return;
    try {
      const result = await api.recall(user, query, asOfText(view));
      show(result);
    } catch (error) {
      deps.showError(error);
    }
  });

  function show(result: RecallPayload): void {
    const before = graph.order;
    mergeFacts(
      graph,
      [],
      result.facts.map((f) => ({ ...f })),
    );
    if (graph.order !== before) deps.graphChanged();
    // What the agent is given: the facts the context quotes (not every fact returned) and their ends.
    const quoted = new Set(result.quoted.facts);
    const nodes = new Set<string>(
      result.facts.filter((f) => quoted.has(f.uid)).flatMap((f) => [f.subjectUid, f.objectUid]),
    );
    view.set({ highlight: { kind: 'recall', nodes, edges: quoted } });
    void deps.fitNodes(nodes);
    const clear = clearButton(output, view);
    output.replaceChildren(
      ...children(
        el(
          'p',
          {},
          `${result.facts.length} facts, ${quoted.size} in the context (highlighted), ${result.entities.length} entities `,
          clear,
        ),
        el(
          'ol',
          { id: 'recall-facts', class: 'ranked' },
          ...result.facts.map((f) =>
            el(
              'li',
              { 'data-fact-uid': f.uid, ...(quoted.has(f.uid) ? { class: 'quoted' } : {}) },
              f.statement,
              el('span', { class: 'count' }, f.score.toFixed(3)),
            ),
          ),
        ),
        result.context ? el('pre', { class: 'context' }, result.context) : null,
      ),
    );
  }
}
