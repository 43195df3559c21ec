import './style.css';
import { Api, ApiError } from './api';
import { setupConsole } from './cypher-console';
import { byId, el } from './dom';
import { entityEdits } from './entity-edits';
import { exportJson, exportPng } from './export';
import { renderFilters } from './filters';
import { emptyGraph, mergeFacts, mergePayload } from './graph-model';
import { LayoutRunner } from './layout';
import { groupFacts, PAGE_SIZE, renderPanel } from './panel';
import { setupPath } from './path-box';
import { ProfileCard } from './profile-card';
import { setupRecall } from './recall-box';
import { GraphRenderer } from './renderer';
import { setupSearch } from './search';
import { asOfText } from './sidebar-result';
import { ViewStore } from './state';
import { Timeline } from './timeline';
import type { UserSummary, WireFact } from './types';
import { readUrlState, writeUrlState } from './url-state';

/** Users with more entities than this open on their own entity and grow by expansion. */
const WHOLE_GRAPH_LIMIT = 5000;
/** Entities one expansion may add. */
const EXPANSION_LIMIT = 600;
// Views of at most this many entities label every entity.
const LABEL_ALL_UP_TO = 300;
// A big user's first view: among this many most mentioned entities, the first with at most
// START_MAX_MENTIONS mentions (a well-connected entity, not a mega-hub).
const START_CANDIDATES = 2000;
const START_MAX_MENTIONS = 60;

const api = new Api(async () => window.prompt('This kgmem server needs its access token:'));
const graph = emptyGraph();
const view = new ViewStore();
const panel = byId('panel');
const status = byId('status');
const message = byId('message');
const picker = byId<HTMLSelectElement>('user-picker');
const layoutButton = byId<HTMLButtonElement>('layout-toggle');
const renderer = new GraphRenderer(graph, byId('graph'), view, {
  select: (node) => void select(node),
  expand: (node) => void expand(node),
});
/** An entity to centre on once the running layout has settled it. */
let flyWhenSettled: string | null = null;
const layout = new LayoutRunner(graph, (running) => {
  layoutButton.textContent = running ? 'Stop layout' : 'Run layout';
  updateStatus();
  if (!running && flyWhenSettled !== null) {
    const node = flyWhenSettled;
    flyWhenSettled = null;
    if (graph.hasNode(node) && view.state.selected === node) void renderer.flyTo(node);
  }
});
const timeline = new Timeline(
  byId<HTMLInputElement>('time-slider'),
  byId<HTMLOutputElement>('time-label'),
  byId<HTMLInputElement>('show-history'),
  view,
);
let users: UserSummary[] = [];
let selectRequest = 0;

/** Read-only handle for scripts and end-to-end tests: the loaded graph, sigma and the view. */
Object.assign(window, { kgmemViewer: { graph, renderer, view, layout, timeline, ready: false } });

/** Marks the view settled after a user loads (scripts wait for it). */
function setReady(ready: boolean): void {
  Object.assign((window as unknown as { kgmemViewer: object }).kgmemViewer, { ready });
}

const profileCard = new ProfileCard(byId('profile-card'), api, (uid) => void select(uid).catch(showError));

function showError(error: unknown): void {
  const text = error instanceof Error ? error.message : String(error);
  message.replaceChildren(el('span', {}, text));
  message.hidden = false;
  setTimeout(() => {
    message.hidden = true;
  }, 6000);
}

function updateStatus(): void {
  const { nodes, edges } = renderer.counts();
  status.dataset.visibleNodes = String(nodes);
  status.dataset.visibleEdges = String(edges);
  status.dataset.totalNodes = String(graph.order);
  const user = users.find((u) => u.id === view.state.user);
  const partial = user && user.entities > graph.order ? ` (of ${user.entities.toLocaleString()} stored)` : '';
  status.textContent =
    `${nodes.toLocaleString()} of ${graph.order.toLocaleString()} entities${partial} · ` +
    `${edges.toLocaleString()} of ${graph.size.toLocaleString()} facts shown` +
    (layout.running ? ' · layout running' : '');
}

function graphChanged(): void {
  // Every entity of a small view is named; bigger ones name the larger nodes (the label grid
  // keeps names from piling up either way).
  renderer.sigma.setSetting(
    'labelRenderedSizeThreshold',
    graph.order > LABEL_ALL_UP_TO * 6 ? 8 : graph.order > LABEL_ALL_UP_TO ? 4 : 0,
  );
  renderer.recompute();
  renderFilters(
    graph,
    view,
    byId<HTMLUListElement>('type-legend'),
    byId<HTMLUListElement>('predicate-filter'),
  );
  timeline.setRange(graph);
  updateStatus();
}

function syncUrl(): void {
  const { user, selected, asOf, showHistory, edgeColour, nodeSize } = view.state;
  writeUrlState({ user, entity: selected, asOf, history: showHistory, edgeColour, nodeSize });
}

view.subscribe((state, changed) => {
  const shared = ['user', 'selected', 'asOf', 'showHistory', 'edgeColour', 'nodeSize'] as const;
  if (shared.some((key) => changed.has(key))) syncUrl();
  if (state.user && (changed.has('asOf') || changed.has('user')))
    void profileCard.show(state.user, asOfText(view)).catch(showError);
  updateStatus();
});

async function loadUsers(): Promise<void> {
  users = (await api.users()).users;
  picker.replaceChildren(
    ...users.map((u) =>
      el('option', { value: u.id }, `${u.id} (${u.entities} entities, ${u.currentFacts} facts)`),
    ),
  );
  if (users.length === 0) {
    status.textContent =
      'This memory has no users yet. Remember something (kgmem demo, kgmem add) and reload.';
  }
}

async function loadUser(user: string, entity: string | null): Promise<void> {
  setReady(false);
  layout.kill();
  graph.clear();
  view.set({
    user,
    selected: null,
    hovered: null,
    highlight: null,
    hiddenTypes: new Set(),
    hiddenPredicates: new Set(),
  });
  panel.hidden = true;
  picker.value = user;
  const summary = users.find((u) => u.id === user);
  byId('user-stats').textContent = summary
    ? `${summary.entities.toLocaleString()} entities · ${summary.currentFacts.toLocaleString()} current of ${summary.facts.toLocaleString()} facts`
    : '';
  byId('view-note').textContent = '';
  if (!summary || summary.entities <= WHOLE_GRAPH_LIMIT) {
    mergePayload(graph, await api.graph(user, { history: 'true', limit: String(WHOLE_GRAPH_LIMIT) }));
  } else {
    const start = entity ?? (await startEntity(user));
    if (start) {
      mergePayload(
        graph,
        await api.graph(user, { history: 'true', around: start, hops: '1', limit: String(EXPANSION_LIMIT) }),
      );
    }
    const centre = start && graph.hasNode(start) ? graph.getNodeAttribute(start, 'label') : start;
    byId('view-note').textContent = start
      ? `Showing ${centre ?? 'one entity'} and its neighbours: ${graph.order.toLocaleString()} of ${summary.entities.toLocaleString()} entities. Search to open another, double-click a node to expand it.`
      : '';
  }
  renderer.sigma.setSetting('hideEdgesOnMove', graph.size > 1000);
  graphChanged();
  layout.start();
  await renderer.fit();
  if (entity) await select(entity);
  setReady(true);
}

/**
 * A big user's starting point: their own entity ("I"), else the most mentioned entity whose
 * facts fit a first view (a film with its cast, not the genre with 300 films), else the most
 * mentioned one.
 */
async function startEntity(user: string): Promise<string | null> {
  try {
    return (await api.entity(user, 'I')).entity.uid;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
  }
  const { entities } = await api.entities(user, START_CANDIDATES);
  const fitting = entities.find((e) => e.mentions <= START_MAX_MENTIONS && e.mentions >= 2);
  return (fitting ?? entities[0])?.uid ?? null;
}

/** Selects an entity (by uid or name): flies to it and opens its panel; `null` clears. */
async function select(ref: string | null): Promise<void> {
  const request = ++selectRequest;
  const user = view.state.user;
  if (ref === null || !user) {
    view.set({ selected: null });
    panel.hidden = true;
    return;
  }
  try {
    const details = await api.entity(user, ref);
    if (request !== selectRequest) return;
    const uid = details.entity.uid;
    if (!graph.hasNode(uid)) await expand(uid, ref);
    // A layout still placing the entity moves it: centre on it again when it settles.
    flyWhenSettled = layout.running ? uid : null;
    view.set({ selected: uid });
    renderPanel(
      panel,
      details,
      {
        select: (other) => void select(other),
        expand: (node) => void expand(node),
        show: (facts) => showFacts(uid, facts),
        inView: (fact) => graph.hasEdge(fact),
        ...(serverWrites
          ? {
              correct: (fact: WireFact, how: 'close' | 'delete') => void correct(uid, fact, how),
              split: (alias: string) => void edits.split(uid, alias),
              merge: (other: string) => void edits.merge(uid, other),
            }
          : {}),
        close: () => void select(null),
      },
      view.state.highlight?.edges ?? new Set(),
    );
    await renderer.flyTo(uid);
  } catch (error) {
    showError(error);
  }
}

/**
 * Loads an entity's neighbours into the view (double-click, or the panel's button): the first
 * page of each predicate, so a hub's 289 films do not bury its one director; the panel's "+K
 * more" pages in the rest of a predicate.
 */
async function expand(uid: string, ref = uid): Promise<void> {
  const user = view.state.user;
  if (!user) return;
  try {
    const details = await api.entity(user, ref);
    const firstPages = groupFacts(details).flatMap((group) =>
      group.facts.filter((f) => !graph.hasEdge(f.uid)).slice(0, PAGE_SIZE),
    );
    const added = mergeFacts(graph, [details.entity], firstPages, uid);
    graphChanged();
    if (added > 0) layout.start(Math.min(4000, 1500 + graph.order));
  } catch (error) {
    showError(error);
  }
}

/**
 * Closes or deletes a fact from the entity panel (with the server's write token, asked for once),
 * then shows the change: a closed fact turns to history, a deleted one leaves the view.
 */
async function correct(entityUid: string, fact: WireFact, how: 'close' | 'delete'): Promise<void> {
  const user = view.state.user;
  if (!user) return;
  if (how === 'delete' && !window.confirm(`Delete "${fact.statement}" for good?`)) return;
  try {
    if (how === 'close') {
      await api.closeFact(user, fact.uid);
      if (graph.hasEdge(fact.uid))
        graph.mergeEdgeAttributes(fact.uid, { validTo: new Date().toISOString(), current: false });
    } else {
      await api.deleteFact(user, fact.uid);
      if (graph.hasEdge(fact.uid)) graph.dropEdge(fact.uid);
    }
    graphChanged();
    await Promise.all([select(entityUid), profileCard.show(user, asOfText(view))]);
  } catch (error) {
    showError(error);
  }
}

/** Adds facts of an entity's panel to the view (a predicate's next page). */
function showFacts(uid: string, facts: WireFact[]): void {
  if (facts.length === 0) return;
  const added = mergeFacts(graph, [], facts, uid);
  graphChanged();
  if (added > 0) layout.start(Math.min(4000, 1500 + graph.order));
}

setupSearch(byId<HTMLInputElement>('search'), byId<HTMLUListElement>('search-results'), graph, {
  pick: (node) => void select(node),
  open: (uid) => {
    const user = view.state.user;
    if (user) void loadUser(user, uid).catch(showError);
  },
  add: (uid) => void select(uid),
  find: async (text) => {
    const user = view.state.user;
    return user ? (await api.search(user, text)).entities : [];
  },
  lookUp: (name) => void select(name),
});
setupRecall(
  byId<HTMLFormElement>('recall-form'),
  byId<HTMLInputElement>('recall-input'),
  byId('recall-result'),
  {
    api,
    graph,
    view,
    graphChanged,
    fitNodes: (nodes) => renderer.fitNodes(nodes),
    showError,
  },
);
setupPath(
  byId<HTMLFormElement>('path-form'),
  byId<HTMLInputElement>('path-from'),
  byId<HTMLInputElement>('path-to'),
  byId('path-result'),
  { api, graph, view, graphChanged, fitNodes: (nodes) => renderer.fitNodes(nodes), showError },
);
const edits = entityEdits({
  api,
  user: () => view.state.user,
  confirm: (question) => window.confirm(question),
  reload: async (user, uid) => {
    await loadUsers();
    await loadUser(user, uid);
  },
  showError,
});
const cypherConsole = setupConsole(byId('console-body'), {
  api,
  user: () => view.state.user,
  showGraph: showResultGraph,
  showError,
  merge: (keep, other) => edits.merge(keep, other),
  writes: () => serverWrites,
});
const edgeColour = byId<HTMLSelectElement>('edge-colour');
const nodeSize = byId<HTMLSelectElement>('node-size');
edgeColour.addEventListener('change', () => {
  view.set({ edgeColour: edgeColour.value === 'predicate' ? 'predicate' : 'plain' });
  graphChanged();
});
nodeSize.addEventListener('change', () =>
  view.set({ nodeSize: nodeSize.value === 'mentions' ? 'mentions' : 'degree' }),
);
// On a small screen the controls are an overlay: the toggle opens and closes it.
const app = byId('app');
const sidebarToggle = byId('sidebar-toggle');
const setSidebarOpen = (open: boolean) => {
  app.classList.toggle('sidebar-open', open);
  sidebarToggle.setAttribute('aria-expanded', String(open));
};
sidebarToggle.addEventListener('click', () => setSidebarOpen(!app.classList.contains('sidebar-open')));
byId('sidebar-close').addEventListener('click', () => setSidebarOpen(false));

byId('console-toggle').addEventListener('click', () => {
  const drawer = byId('console');
  drawer.hidden = !drawer.hidden;
  if (drawer.hidden) return;
  setSidebarOpen(false);
  cypherConsole.opened();
  byId<HTMLTextAreaElement>('cypher-statement').focus();
});

/** Draws the current user's entities and facts a console result names as the view. */
async function showResultGraph(uids: string[]): Promise<number> {
  const user = view.state.user;
  if (!user) return 0;
  const payload = await api.subgraph(user, uids);
  if (payload.nodes.length === 0) return 0;
  layout.kill();
  graph.clear();
  view.set({ selected: null, hovered: null, highlight: null });
  panel.hidden = true;
  mergePayload(graph, payload);
  graphChanged();
  layout.start(Math.min(4000, 1500 + graph.order));
  view.set({
    highlight: {
      kind: 'query',
      nodes: new Set(payload.nodes.map((n) => n.key)),
      edges: new Set(payload.edges.map((e) => e.key)),
    },
  });
  await renderer.fit();
  return payload.nodes.length;
}

picker.addEventListener('change', () => void loadUser(picker.value, null).catch(showError));
layoutButton.addEventListener('click', () => (layout.running ? layout.stop() : layout.start()));
byId('fit-view').addEventListener('click', () => void renderer.fit());
byId('export-png').addEventListener('click', () =>
  exportPng(renderer.sigma, `kgmem-${view.state.user ?? 'graph'}.png`),
);
byId('export-json').addEventListener('click', () =>
  exportJson(graph, `kgmem-${view.state.user ?? 'graph'}.json`),
);

/** Whether the server takes writes (a token or the trusted socket): else no write action is offered. */
let serverWrites = true;

async function start(): Promise<void> {
  const fromUrl = readUrlState();
  serverWrites = (await api.health()).writes !== 'none';
  view.set({
    asOf: fromUrl.asOf,
    showHistory: fromUrl.history,
    edgeColour: fromUrl.edgeColour,
    nodeSize: fromUrl.nodeSize,
  });
  edgeColour.value = fromUrl.edgeColour;
  nodeSize.value = fromUrl.nodeSize;
  await loadUsers();
  const user = fromUrl.user && users.some((u) => u.id === fromUrl.user) ? fromUrl.user : users[0]?.id;
  if (fromUrl.user && user !== fromUrl.user) showError(`No user "${fromUrl.user}" in this memory.`);
  if (user) await loadUser(user, user === fromUrl.user ? fromUrl.entity : null);
}

start().catch(showError);
