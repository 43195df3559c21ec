import { children, el, shortDate } from './dom';
import type { EntityDetails, EpisodeSource, WireFact } from './types';

/** What the entity panel can ask for. */
export interface PanelActions {
  /** Select another entity (clicking a fact moves to its other end). */
  select(uid: string): void;
  /** Load this entity's neighbours into the view. */
  expand(uid: string): void;
  close(): void;
}

/**
 * Renders one entity: its facts grouped by predicate (outgoing, then incoming), each with its
 * statement, when it held and the conversation it came from. Closed facts are marked as such.
 */
export function renderPanel(panel: HTMLElement, details: EntityDetails, actions: PanelActions): void {
  const { entity } = details;
  const episodes = new Map(details.episodes.map((e) => [e.uid, e]));
  const closeButton = el('button', { type: 'button', class: 'close', 'aria-label': 'close panel' }, '×');
  closeButton.addEventListener('click', () => actions.close());
  const expandButton = el('button', { type: 'button', class: 'expand' }, 'Expand neighbours');
  expandButton.addEventListener('click', () => actions.expand(entity.uid));
  const aliases = entity.aliases.filter((a) => a !== entity.key);

  const groups = groupFacts(details);
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
        aliases.length ? el('p', { class: 'muted' }, `also: ${aliases.join(', ')}`) : null,
        expandButton,
      ),
      groups.length === 0 ? el('p', { class: 'muted' }, 'No facts touch this entity.') : null,
      ...groups.map(([title, facts]) =>
        el(
          'section',
          { class: 'fact-group' },
          el('h3', {}, title),
          el('ul', { class: 'facts' }, ...facts.map((f) => factItem(f, entity.uid, episodes, actions))),
        ),
      ),
      details.truncated ? el('p', { class: 'muted' }, 'Only the first facts are listed.') : null,
    ),
  );
  panel.hidden = false;
}

function groupFacts(details: EntityDetails): [string, WireFact[]][] {
  const groups = new Map<string, WireFact[]>();
  const add = (title: string, fact: WireFact) => groups.set(title, [...(groups.get(title) ?? []), fact]);
  for (const fact of details.outgoing) add(`${fact.predicate} →`, fact);
  for (const fact of details.incoming) add(`← ${fact.predicate}`, fact);
  return [...groups.entries()];
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
  return el(
    'li',
    { class: closed ? 'fact closed' : 'fact' },
    link,
    el('div', { class: 'validity' }, validity, fact.mentions > 1 ? ` · said ${fact.mentions}×` : ''),
    sources.length ? el('ul', { class: 'sources' }, ...sources) : null,
  );
}
