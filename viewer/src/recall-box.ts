import type { Api } from './api';
import { children, el } from './dom';
import { type KnowledgeGraph, mergeFacts } from './graph-model';
import type { ViewStore } from './state';
import type { RecallPayload } from './types';

/**
 * The recall box: runs the same recall an agent gets, lists the ranked facts and the context
 * block, and highlights those facts and their entities in the graph.
 */
export function setupRecall(
  form: HTMLFormElement,
  input: HTMLInputElement,
  output: HTMLElement,
  deps: {
    api: Api;
    graph: KnowledgeGraph;
    view: ViewStore;
    graphChanged(): void;
    showError(e: unknown): void;
  },
): void {
  const { api, graph, view } = deps;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const query = input.value.trim();
    const user = view.state.user;
    if (!query || !user) return;
    try {
      const result = await api.recall(
        user,
        query,
        view.state.asOf === null ? null : new Date(view.state.asOf).toISOString(),
      );
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
    const nodes = new Set<string>([
      ...result.entities.map((e) => e.uid),
      ...result.facts.flatMap((f) => [f.subjectUid, f.objectUid]),
    ]);
    view.set({ highlight: { kind: 'recall', nodes, edges: new Set(result.facts.map((f) => f.uid)) } });
    const clear = el('button', { type: 'button' }, 'Clear');
    clear.addEventListener('click', () => {
      output.replaceChildren();
      view.set({ highlight: null });
    });
    output.replaceChildren(
      ...children(
        el('p', {}, `${result.facts.length} facts, ${result.entities.length} entities `, clear),
        el(
          'ol',
          { id: 'recall-facts', class: 'ranked' },
          ...result.facts.map((f) =>
            el(
              'li',
              { 'data-fact-uid': f.uid },
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
