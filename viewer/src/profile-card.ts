import { type ProfileRow, profileRows } from '../../src/profile/format';
import type { Api } from './api';
import { el, shortDate } from './dom';

/**
 * The profile card at the top of the sidebar: the user's profile (`GET …/profile`) as field and
 * values, each value a button that opens its entity, titled with since when it holds; people with
 * their own fields beneath. It follows the time slider: as of a date, the profile as it was.
 */
export class ProfileCard {
  private request = 0;

  constructor(
    private readonly root: HTMLElement,
    private readonly api: Api,
    private readonly open: (entityUid: string) => void,
  ) {}

  /** Shows the profile of `user` (now, or as of `asOf`); the last call wins. */
  async show(user: string, asOf: string | null): Promise<void> {
    const request = ++this.request;
    const profile = await this.api.profile(user, asOf);
    if (request !== this.request) return;
    // The rows `kgmem profile` prints, grouped by field in the schema's order.
    const byField = new Map<string, ProfileRow[]>();
    for (const row of profileRows(profile)) byField.set(row.field, [...(byField.get(row.field) ?? []), row]);
    const rows = [...byField].flatMap(([field, values]) => [
      el('dt', {}, field.replace(/_/g, ' ')),
      el('dd', {}, ...values.map((v) => this.item(v))),
    ]);
    this.root.replaceChildren(
      el('h2', {}, asOf ? `Profile as of ${shortDate(asOf).slice(0, 10)}` : 'Profile'),
      rows.length
        ? el('dl', { class: 'profile' }, ...rows)
        : el('p', { class: 'muted' }, 'Nothing in the profile yet.'),
    );
  }

  /** Empties the card (no user). */
  clear(): void {
    this.request++;
    this.root.replaceChildren();
  }

  private item(row: ProfileRow): HTMLElement {
    const button = el('button', { type: 'button', class: 'link', title: `since ${row.since}` }, row.value);
    button.addEventListener('click', () => this.open(row.entity));
    return el(
      'span',
      { class: 'profile-value' },
      button,
      row.about ? el('small', { class: 'muted' }, ` ${row.about}`) : null,
    );
  }
}
