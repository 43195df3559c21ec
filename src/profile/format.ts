import type { Profile, ProfileFields, ProfileValue } from './build.js';

/** One printed line of a profile: a field's value with its source. */
export interface ProfileRow {
  field: string;
  value: string;
  since: string;
  /** What the profile knows of a person (`home Milan; plays cello`). */
  about: string;
  /** The turns or sources that said it. */
  source: string;
  fact: string;
  /** The uid of the entity holding the value (what a viewer opens). */
  entity: string;
}

/** A profile as rows (one per value; empty fields left out), for `kgmem profile` and tables. */
export function profileRows(profile: Profile<unknown>): ProfileRow[] {
  const rows: ProfileRow[] = [];
  for (const [field, value] of Object.entries(profile.fields as ProfileFields))
    for (const v of valuesOf(value))
      rows.push({
        field,
        value: names(field, v) ? `${v.value} (${words(v.relation)})` : v.value,
        since: v.since.slice(0, 10),
        about: v.about ? aboutText(v.about) : '',
        source: v.saidBy.join(', '),
        fact: v.factUid,
        entity: v.entityUid,
      });
  return rows;
}

/**
 * A profile as one short paragraph for a prompt ("About the user: home Kyoto; employer Acme;
 * family Giulia (sister; home Milan; plays cello)."), within `maxChars`: a field that does not fit
 * whole is left out and the next ones are tried; empty when the profile holds nothing.
 */
export function profileText(profile: Profile<unknown>, maxChars = Number.POSITIVE_INFINITY): string {
  const prefix = 'About the user: ';
  const parts: string[] = [];
  let length = prefix.length + 1;
  for (const [field, value] of Object.entries(profile.fields as ProfileFields)) {
    const values = valuesOf(value);
    if (values.length === 0) continue;
    const part = `${words(field)} ${values.map((v) => personText(field, v)).join(', ')}`;
    const added = part.length + (parts.length ? 2 : 0);
    if (length + added > maxChars) continue;
    parts.push(part);
    length += added;
  }
  return parts.length ? `${prefix}${parts.join('; ')}.` : '';
}

function valuesOf(value: ProfileValue | ProfileValue[] | null | undefined): ProfileValue[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function personText(field: string, v: ProfileValue): string {
  if (!v.about) return v.value;
  const details = [...(names(field, v) ? [words(v.relation)] : []), ...aboutParts(v.about)];
  return `${v.value} (${details.join('; ')})`;
}

function aboutParts(about: ProfileFields): string[] {
  const parts: string[] = [];
  for (const [field, value] of Object.entries(about)) {
    const values = valuesOf(value);
    if (values.length) parts.push(`${words(field)} ${values.map((v) => v.value).join(', ')}`);
  }
  return parts;
}

function aboutText(about: ProfileFields): string {
  return aboutParts(about).join('; ');
}

/** Whether a person's relation says more than the field's name (a family member's `sister`, not a friend's `friend`). */
function names(field: string, v: ProfileValue): boolean {
  return v.about !== undefined && v.relation !== '' && !field.startsWith(v.relation);
}

const words = (key: string) => key.replace(/_/g, ' ');
