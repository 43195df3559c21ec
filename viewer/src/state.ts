/** Everything the view shows besides the graph itself; components change it through `ViewStore`. */
export interface ViewState {
  user: string | null;
  /** The selected entity (node key). */
  selected: string | null;
  hovered: string | null;
  /** Milliseconds since the epoch, or `null` for now. */
  asOf: number | null;
  /** Draw facts that were closed by `asOf`, faded. */
  showHistory: boolean;
  hiddenTypes: Set<string>;
  hiddenPredicates: Set<string>;
  /** Entities and facts a recall or a path returned. */
  highlight: Highlight | null;
  /** Facts drawn in one grey, or coloured by predicate (with the legend in the predicate list). */
  edgeColour: 'plain' | 'predicate';
  /** Entities sized by how many facts touch them in the view, or by how often they were said. */
  nodeSize: 'degree' | 'mentions';
}

/** A set of entities and facts drawn on top, everything else dimmed. */
export interface Highlight {
  kind: 'recall' | 'path' | 'query';
  nodes: Set<string>;
  edges: Set<string>;
}

type Listener = (state: ViewState, changed: ReadonlySet<keyof ViewState>) => void;

/** The view state with change notification: every `set` tells listeners which fields changed. */
export class ViewStore {
  private listeners: Listener[] = [];
  readonly state: ViewState = {
    user: null,
    selected: null,
    hovered: null,
    asOf: null,
    showHistory: false,
    hiddenTypes: new Set(),
    hiddenPredicates: new Set(),
    highlight: null,
    edgeColour: 'plain',
    nodeSize: 'degree',
  };

  /** Applies a change and notifies listeners when something differs. */
  set(patch: Partial<ViewState>): void {
    const changed = new Set<keyof ViewState>();
    for (const [key, value] of Object.entries(patch) as [keyof ViewState, unknown][]) {
      if (this.state[key] !== value) {
        (this.state as unknown as Record<string, unknown>)[key] = value;
        changed.add(key);
      }
    }
    if (changed.size > 0) for (const listener of this.listeners) listener(this.state, changed);
  }

  /** Calls `listener` after every change. */
  subscribe(listener: Listener): void {
    this.listeners.push(listener);
  }
}
