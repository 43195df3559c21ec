import type { Api } from './api';
import { children, el } from './dom';
import type { CypherExample, CypherPayload } from './types';

const HISTORY_KEY = 'kgmem-cypher-history';
const HISTORY_SIZE = 30;

/** What the console needs from the page. */
export interface ConsoleDeps {
  api: Api;
  /** The user the view shows (the graph of a result is drawn for this user). */
  user(): string | null;
  /** Draws a result's entities and facts as the view, and fits the camera to them. */
  showGraph(uids: string[]): Promise<number>;
  showError(error: unknown): void;
  /**
   * Merges the entity named `other` into `keep` (a row of the duplicate-candidates query);
   * absent when the server takes no writes.
   */
  merge?(keep: string, other: string): Promise<boolean>;
  /** Whether the server takes writes (else no merge button is offered). */
  writes(): boolean;
}

/** The statements run before, newest first (kept in this browser). */
export function readHistory(): string[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(HISTORY_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

function remember(statement: string): void {
  const history = [statement, ...readHistory().filter((s) => s !== statement)].slice(0, HISTORY_SIZE);
  localStorage.setItem(HISTORY_KEY, JSON.stringify(history));
}

/**
 * The Cypher console: a statement and its parameters (JSON), run against the server. Reads run
 * read-only; a writing statement asks for the server's token. The result shows as a table and,
 * when it names entities or facts of the current user, as the graph view. The `cypher/explore`
 * queries are offered as examples with their parameters filled in; past statements are kept in
 * the browser (Alt+↑/↓ walks them).
 */
export function setupConsole(root: HTMLElement, deps: ConsoleDeps): { opened(): void } {
  const statement = el('textarea', {
    id: 'cypher-statement',
    rows: '4',
    spellcheck: 'false',
    placeholder: 'MATCH (e:Entity) WHERE e.userId = $userId RETURN e LIMIT 25',
  }) as HTMLTextAreaElement;
  const params = el('input', {
    id: 'cypher-params',
    placeholder: '{"userId": "…"} (parameters as JSON)',
    autocomplete: 'off',
    spellcheck: 'false',
  }) as HTMLInputElement;
  const examples = el(
    'select',
    { id: 'cypher-examples' },
    el('option', { value: '' }, 'Examples…'),
  ) as HTMLSelectElement;
  const history = el(
    'select',
    { id: 'cypher-history' },
    el('option', { value: '' }, 'History…'),
  ) as HTMLSelectElement;
  const run = el('button', { type: 'submit', id: 'cypher-run' }, 'Run');
  const output = el('div', { id: 'cypher-result' });
  const form = el(
    'form',
    { id: 'cypher-form' },
    statement,
    params,
    el('div', { class: 'row' }, run, examples, history),
  );
  root.replaceChildren(form, output);

  let loaded: CypherExample[] = [];
  let walk = -1;
  const fillHistory = () => {
    history.replaceChildren(
      el('option', { value: '' }, 'History…'),
      ...readHistory().map((s, i) => el('option', { value: String(i) }, s.replace(/\s+/g, ' ').slice(0, 80))),
    );
  };
  fillHistory();
  // The examples load when the console is first opened (not with the page, which may still be
  // asking for the server's token).
  let asked = false;
  const loadExamples = () => {
    if (asked) return;
    asked = true;
    void deps.api
      .cypherExamples()
      .then(({ examples: list }) => {
        loaded = list;
        examples.append(...list.map((x) => el('option', { value: x.name, title: x.question }, x.name)));
      })
      .catch(() => {
        asked = false;
      });
  };
  examples.addEventListener('change', () => {
    const example = loaded.find((x) => x.name === examples.value);
    examples.value = '';
    if (!example) return;
    statement.value = example.statement;
    const values: Record<string, unknown> = {};
    for (const p of example.parameters) {
      if (p.name === 'userId') values.userId = deps.user() ?? '';
      else values[p.name] = p.example ?? '';
    }
    params.value = JSON.stringify(values);
  });
  history.addEventListener('change', () => {
    const past = readHistory()[Number(history.value)];
    history.value = '';
    if (past !== undefined) statement.value = past;
  });
  statement.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      form.requestSubmit();
      return;
    }
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    const past = readHistory();
    walk = Math.max(-1, Math.min(past.length - 1, walk + (event.key === 'ArrowUp' ? 1 : -1)));
    statement.value = walk === -1 ? '' : (past[walk] ?? '');
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const text = statement.value.trim();
    if (!text) return;
    let values: Record<string, unknown> = {};
    if (params.value.trim()) {
      try {
        values = JSON.parse(params.value) as Record<string, unknown>;
      } catch {
        deps.showError(new Error('The parameters must be a JSON object, e.g. {"userId": "sasako"}'));
        return;
      }
    } else if (/\$userId\b/.test(text) && deps.user()) {
      values = { userId: deps.user() };
    }
    remember(text);
    walk = -1;
    fillHistory();
    output.replaceChildren(el('p', { class: 'muted' }, 'Running…'));
    try {
      const result = await deps.api.cypher(text, values);
      const drawn = result.refs.uids.length > 0 && deps.user() ? await deps.showGraph(result.refs.uids) : 0;
      output.replaceChildren(...renderResult(result, drawn, deps.writes() ? deps.merge : undefined));
    } catch (error) {
      output.replaceChildren(
        el('p', { class: 'error' }, error instanceof Error ? error.message : String(error)),
      );
    }
  });
  return { opened: loadExamples };
}

function renderResult(result: CypherPayload, drawn: number, merge: ConsoleDeps['merge']): (Node | string)[] {
  // Rows that pair two names (the duplicate-candidates query) get a merge button.
  const pairs =
    merge && result.columns.includes('first') && result.columns.includes('second') ? merge : undefined;
  const summary = `${result.rows.length} row${result.rows.length === 1 ? '' : 's'}${
    result.truncated ? ' (first 500 shown)' : ''
  }${drawn > 0 ? ` · ${drawn} entities drawn in the view` : ''}`;
  const table = el(
    'table',
    { id: 'cypher-table' },
    el(
      'thead',
      {},
      el('tr', {}, ...result.columns.map((c) => el('th', {}, c)), pairs ? el('th', {}, '') : null),
    ),
    el(
      'tbody',
      {},
      ...result.rows.map((row) =>
        el(
          'tr',
          {},
          ...result.columns.map((c) => el('td', {}, cellText(row[c]))),
          pairs ? el('td', {}, mergeButton(cellText(row.first), cellText(row.second), pairs)) : null,
        ),
      ),
    ),
  );
  return children(
    el('p', { class: 'muted', id: 'cypher-summary' }, summary),
    el('div', { class: 'table-wrap' }, table),
  );
}

/** A row's merge action: the second name into the first, then the button says it is done. */
function mergeButton(keep: string, other: string, merge: NonNullable<ConsoleDeps['merge']>): HTMLElement {
  const button = el(
    'button',
    { type: 'button', class: 'merge-row', title: `merge "${other}" into "${keep}"` },
    'merge',
  );
  button.addEventListener('click', async () => {
    button.setAttribute('disabled', '');
    if (await merge(keep, other)) button.textContent = 'merged';
    else button.removeAttribute('disabled');
  });
  return button;
}

/** A value as table text, whole (the cell scrolls): nodes and relationships by their name or statement. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  const record = value as Record<string, unknown>;
  if (typeof record.statement === 'string') return record.statement;
  if (typeof record.name === 'string' && typeof record.uid === 'string') return record.name;
  return JSON.stringify(value);
}
