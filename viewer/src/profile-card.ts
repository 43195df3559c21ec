import type { Api } from './api';
import { el, shortDate } from './dom';
import type { ProfilePayload } from './types';

type Value = NonNullable<ProfilePayload['fields'][string]> extends (infer V)[] | infer W ? V | W : never;

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
    const rows = Object.entries(profile.fields).flatMap(([field, value]) => {
      const values = value === null ? [] : Array.isArray(value) ? value : [value];
      return values.length
        ? [el('dt', {}, field.replace(/_/g, ' ')), el('dd', {}, ...values.map((v) => this.item(field, v)))]
        : [];
    });
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

  private item(field: string, value: Value): HTMLElement {
    const kin =
      value.about && !field.startsWith(value.relation) ? ` (${value.relation.replace(/_/g, ' ')})` : '';
    const button = el(
      'button',
      { type: 'button', class: 'link', title: `since ${shortDate(value.since)}` },
      value.value + kin,
    );
    button.addEventListener('click', () => this.open(value.entityUid));
    const about = value.about
      ? Object.entries(value.about).flatMap(([name, v]) => {
          const list = v === null ? [] : Array.isArray(v) ? v : [v];
          return list.length ? [`${name.replace(/_/g, ' ')} ${list.map((x) => x.value).join(', ')}`] : [];
        })
      : [];
    return el(
      'span',
      { class: 'profile-value' },
      button,
      about.length ? el('small', { class: 'muted' }, ` ${about.join('; ')}`) : null,
    );
  }
}
