import type { Api } from './api';
import { el } from './dom';
import type { KnowledgeGraph } from './graph-model';
import type { ViewStore } from './state';

/** What the recall and path boxes need from the page. */
export interface SidebarDeps {
  api: Api;
  graph: KnowledgeGraph;
  view: ViewStore;
  /** Call after adding entities or facts to the graph. */
  graphChanged(): void;
  /** Moves the camera so these nodes are on screen. */
  fitNodes(nodes: Iterable<string>): Promise<void>;
  showError(error: unknown): void;
}

/** A "Clear" button that empties a result box and removes its highlight. */
export function clearButton(output: HTMLElement, view: ViewStore): HTMLButtonElement {
  const button = el('button', { type: 'button' }, 'Clear');
  button.addEventListener('click', () => {
    output.replaceChildren();
    view.set({ highlight: null });
  });
  return button;
}

/** The selected `asOf` as ISO text, or `null` for now. */
export function asOfText(view: ViewStore): string | null {
  return view.state.asOf === null ? null : new Date(view.state.asOf).toISOString();
}
