import { predicateColor, typeColor, USER_COLOR } from './colors';
import { el } from './dom';
import type { KnowledgeGraph } from './graph-model';
import type { ViewStore } from './state';

/**
 * The type legend (colour, count, on/off) and the predicate filter (count, on/off), rebuilt
 * whenever the graph grows.
 */
export function renderFilters(
  graph: KnowledgeGraph,
  view: ViewStore,
  typeList: HTMLUListElement,
  predicateList: HTMLUListElement,
): void {
  const types = new Map<string, number>();
  let users = 0;
  graph.forEachNode((_node, attrs) => {
    if (attrs.isUser) users++;
    types.set(attrs.type, (types.get(attrs.type) ?? 0) + 1);
  });
  const predicates = new Map<string, { label: string; count: number }>();
  graph.forEachEdge((_edge, attrs) => {
    const entry = predicates.get(attrs.predicate) ?? { label: attrs.label, count: 0 };
    entry.count++;
    predicates.set(attrs.predicate, entry);
  });

  typeList.replaceChildren(
    ...[...types.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([type, count]) =>
        toggleRow(type, count, typeColor(type), !view.state.hiddenTypes.has(type), (on) => {
          const hidden = new Set(view.state.hiddenTypes);
          if (on) hidden.delete(type);
          else hidden.add(type);
          view.set({ hiddenTypes: hidden });
        }),
      ),
    ...(users > 0 ? [el('li', { class: 'note' }, swatch(USER_COLOR), 'the user themself')] : []),
  );
  predicateList.replaceChildren(
    ...[...predicates.entries()]
      .sort((a, b) => b[1].count - a[1].count)
      .map(([key, { label, count }]) =>
        toggleRow(
          label,
          count,
          view.state.edgeColour === 'predicate' ? predicateColor(key) : null,
          !view.state.hiddenPredicates.has(key),
          (on) => {
            const hidden = new Set(view.state.hiddenPredicates);
            if (on) hidden.delete(key);
            else hidden.add(key);
            view.set({ hiddenPredicates: hidden });
          },
        ),
      ),
  );
}

function swatch(color: string): HTMLElement {
  const dot = el('span', { class: 'swatch' });
  dot.style.background = color;
  return dot;
}

function toggleRow(
  label: string,
  count: number,
  color: string | null,
  checked: boolean,
  onToggle: (on: boolean) => void,
): HTMLElement {
  const box = el('input', { type: 'checkbox' });
  box.checked = checked;
  box.addEventListener('change', () => onToggle(box.checked));
  return el(
    'li',
    {},
    el(
      'label',
      { class: 'inline' },
      box,
      color ? swatch(color) : null,
      label,
      el('span', { class: 'count' }, String(count)),
    ),
  );
}
