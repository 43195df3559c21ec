import { children, el, shortDate } from './dom';
import type { EntityDetails, EpisodeSource, WireFact } from './types';

/** What the entity panel can ask for. */
export interface PanelActions {
  /** Select another entity (clicking a fact moves to its other end). */
  select(uid: string): void;
  /** Load this entity's neighbours into the view: the first of each predicate. */
  expand(uid: string): void;
  /** Add these facts (and their other ends) to the view: the next page of one predicate. */
  show(facts: WireFact[]): void;
  /** Whether the view holds this fact. */
  inView(factUid: string): boolean;
  /**
   * Closes a current fact (kept as history) or deletes it: needs the server's write token;
   * absent when the server takes no writes (no close or delete button is offered).
   */
  correct?(fact: WireFact, how: 'close' | 'delete'): void;
  /** Splits an alias off the entity into an entity of its own; absent when the server takes no writes. */
  split?(alias: string): void;
  /** Merges another entity (by name) into this one; absent when the server takes no writes. */
  merge?(other: string): void;
  close(): void;
}

/** Facts of one predicate in one direction. */
export interface FactGroup {
  title: string;
  facts: WireFact[];
}

/** Neighbours a predicate adds to the view at a time (the first page, and each "+ more"). */
export const PAGE_SIZE = 12;
// Facts a group lists before "show all".
const LISTED = 5;

/**
 * An entity's facts grouped by predicate and direction, newest first within a group; groups that
 * hold a fact of the current recall, path or query first, then the smaller groups (a film's one
 * director before its 26 tags), then by name.
 */
export function groupFacts(details: EntityDetails, relevant: ReadonlySet<string> = new Set()): FactGroup[] {
  const groups = new Map<string, WireFact[]>();
  const add = (title: string, fact: WireFact) => groups.set(title, [...(groups.get(title) ?? []), fact]);
  for (const fact of details.outgoing) add(`${fact.predicate} →`, fact);
  for (const fact of details.incoming) add(`← ${fact.predicate}`, fact);
  const newest = (a: WireFact, b: WireFact) =>
    Date.parse(b.validFrom) - Date.parse(a.validFrom) || a.statement.localeCompare(b.statement);
  const hit = (facts: WireFact[]) => (facts.some((f) => relevant.has(f.uid)) ? 0 : 1);
  return [...groups.entries()]
    .map(([title, facts]) => ({ title, facts: facts.sort(newest) }))
    .sort(
      (a, b) =>
        hit(a.facts) - hit(b.facts) || a.facts.length - b.facts.length || a.title.localeCompare(b.title),
    );
}

/**
 * Renders one entity: its facts grouped by predicate (outgoing, then incoming), each with its
 * statement, when it held and the conversation it came from. Closed facts are marked as such.
 */
export function renderPanel(
  panel: HTMLElement,
  details: EntityDetails,
  actions: PanelActions,
  relevant: ReadonlySet<string> = new Set(),
): void {
  const { entity } = details;
  const episodes = new Map(details.episodes.map((e) => [e.uid, e]));
  const closeButton = el('button', { type: 'button', class: 'close', 'aria-label': 'close panel' }, '×');
  closeButton.addEventListener('click', () => actions.close());
  const expandButton = el('button', { type: 'button', class: 'expand' }, 'Expand neighbours');
  expandButton.addEventListener('click', () => actions.expand(entity.uid));
  const aliases = entity.aliases.filter((a) => a !== entity.key);

  const groups = groupFacts(details, relevant);
  panel.replaceChildren(
    ...children(
      el(
        'header',
        {},
        closeButton,
        el('h2', { id: 'panel-title' }, entity.name),
        el(
          'p',
          { class: 'muted' },
          `${entity.type || 'unknown'} · ${entity.mentions} mentions · since ${shortDate(entity.createdAt)}`,
        ),
        aliasLine(aliases, actions),
        expandButton,
        mergeForm(entity.name, actions),
      ),
      groups.length === 0 ? el('p', { class: 'muted' }, 'No facts touch this entity.') : null,
      ...groups.map((group) => groupSection(group, entity.uid, episodes, actions)),
      details.truncated ? el('p', { class: 'muted' }, 'Only the first facts are listed.') : null,
    ),
  );
  panel.hidden = false;
}

/** The entity's other names, each with a split button when the server takes writes. */
function aliasLine(aliases: readonly string[], actions: PanelActions): HTMLElement | null {
  if (aliases.length === 0) return null;
  const split = actions.split;
  const items = aliases.map((alias) => {
    if (!split) return el('span', { class: 'alias' }, alias);
    const button = el(
      'button',
      { type: 'button', class: 'split', title: `give "${alias}" an entity of its own` },
      'split',
    );
    button.addEventListener('click', () => split(alias));
    return el('span', { class: 'alias', 'data-alias': alias }, alias, ' ', button);
  });
  return el(
    'p',
    { class: 'muted aliases' },
    'also: ',
    ...items.flatMap((item, i) => (i === 0 ? [item] : [', ', item])),
  );
}

/** "Merge into this": another entity's name, merged into this one (its facts and names move here). */
function mergeForm(name: string, actions: PanelActions): HTMLElement | null {
  const merge = actions.merge;
  if (!merge) return null;
  const input = el('input', {
    class: 'merge-name',
    placeholder: `another name of ${name}`,
    autocomplete: 'off',
  }) as HTMLInputElement;
  const form = el(
    'form',
    { class: 'merge-form', title: 'merge an entity that is the same thing into this one' },
    input,
    el('button', { type: 'submit' }, 'merge into this'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const other = input.value.trim();
    if (other) merge(other);
  });
  return form;
}

/**
 * One predicate's facts: a count, a button that pages its neighbours into the view ("+K more"),
 * and the first few facts listed with the rest behind "show all".
 */
function groupSection(
  group: FactGroup,
  selfUid: string,
  episodes: Map<string, EpisodeSource>,
  actions: PanelActions,
): HTMLElement {
  const items = group.facts.map((f) => factItem(f, selfUid, episodes, actions));
  const list = el('ul', { class: 'facts' }, ...items.slice(0, LISTED));
  const more = group.facts.filter((f) => !actions.inView(f.uid));
  const page = el(
    'button',
    { type: 'button', class: 'page-in', title: `add the next ${PAGE_SIZE} to the view` },
    more.length === 0 ? 'all in view' : `+${more.length} more`,
  );
  page.disabled = more.length === 0;
  page.addEventListener('click', () => {
    const next = group.facts.filter((f) => !actions.inView(f.uid)).slice(0, PAGE_SIZE);
    actions.show(next);
    const left = group.facts.filter((f) => !actions.inView(f.uid)).length;
    page.textContent = left === 0 ? 'all in view' : `+${left} more`;
    page.disabled = left === 0;
  });
  const header = el('h3', {}, group.title, el('span', { class: 'count' }, String(group.facts.length)), page);
  const section = el('section', { class: 'fact-group', 'data-group': group.title }, header, list);
  if (items.length > LISTED) {
    const all = el('button', { type: 'button', class: 'show-all' }, `show all ${items.length}`);
    all.addEventListener('click', () => {
      list.replaceChildren(...items);
      all.remove();
    });
    section.append(all);
  }
  return section;
}

function factItem(
  fact: WireFact,
  selfUid: string,
  episodes: Map<string, EpisodeSource>,
  actions: PanelActions,
): HTMLElement {
  const otherUid = fact.subjectUid === selfUid ? fact.objectUid : fact.subjectUid;
  const closed = fact.validTo !== null;
  const link = el(
    'button',
    { type: 'button', class: 'fact-link', 'data-fact-uid': fact.uid, 'data-other-uid': otherUid },
    fact.statement,
  );
  link.addEventListener('click', () => actions.select(otherUid));
  const validity = closed
    ? `${shortDate(fact.validFrom)} → ${shortDate(fact.validTo)} (closed)`
    : `since ${shortDate(fact.validFrom)}`;
  const sources = fact.episodeIds.map((id) => {
    const episode = episodes.get(id);
    if (!episode) return el('li', { class: 'source' }, `from ${id}`);
    return el(
      'li',
      { class: 'source', title: episode.uid },
      el('span', { class: 'thread' }, `${episode.threadId} · ${shortDate(episode.at)}`),
      episode.excerpt ? el('q', {}, episode.excerpt) : null,
    );
  });
  const correction = (how: 'close' | 'delete', text: string, title: string) => {
    const correct = actions.correct;
    if (!correct) return null;
    const button = el('button', { type: 'button', class: `correct correct-${how}`, title }, text);
    button.addEventListener('click', () => correct(fact, how));
    return button;
  };
  return el(
    'li',
    { class: closed ? 'fact closed' : 'fact', 'data-fact-uid': fact.uid },
    link,
    el(
      'div',
      { class: 'validity' },
      validity,
      fact.mentions > 1 ? ` · said ${fact.mentions}×` : '',
      closed ? null : correction('close', 'close', 'no longer true from now (kept as history)'),
      correction('delete', 'delete', 'delete this fact for good'),
    ),
    sources.length ? el('ul', { class: 'sources' }, ...sources) : null,
  );
}
