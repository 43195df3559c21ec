import { describe, expect, it } from 'vitest';
import { onlyATime, wellShaped } from '../../src/extract/fact-shape.js';
import { modelFact } from '../helpers/fact.js';

const fact = modelFact;

describe('facts whose shape says they are not facts', () => {
  it('reads a time said alone, and nothing else, as only a time', () => {
    for (const t of [
      'Monday',
      'January',
      '2019',
      'weekends',
      'all day',
      'every morning',
      'last week',
      'March 2023',
    ])
      expect(onlyATime(t), t).toBe(true);
    for (const t of [
      'Porto',
      'Kyoto Aquarium',
      'cello',
      'Sunday market',
      'Tom',
      'the morning show',
      '15 Main Street',
    ])
      expect(onlyATime(t), t).toBe(false);
  });

  it('drops a time as the object of a relation not about time, and keeps a date relation and a person named May', () => {
    const kept = wellShaped([
      fact('Luna', 'died', 'Monday'),
      fact('User', 'started', 'January'),
      fact('User', 'climbs', 'weekends'),
      fact('User', 'birthday', 'June 3rd', 'date'),
      fact('User', 'sister', 'May', 'person'),
      fact('User', 'plays', 'cello'),
    ]);
    expect(kept.map((f) => `${f.predicate} ${f.object}`)).toEqual([
      'birthday June 3rd',
      'sister May',
      'plays cello',
    ]);
  });

  it('drops a relation that is only a preposition, and says one pair once, preferring the prompt’s predicates', () => {
    const kept = wellShaped([
      fact('User', 'near', 'river'),
      fact('User', 'at', 'University of Porto'),
      fact('User', 'moved', 'Porto'),
      fact('User', 'lives_in', 'Porto'),
      fact('User', 'skiing', 'wrist'),
      fact('User', 'sking', 'wrist'),
      fact('User', 'likes', 'jazz'),
      fact('User', 'plays', 'jazz'),
    ]);
    expect(kept.map((f) => `${f.predicate} ${f.object}`)).toEqual([
      'lives_in Porto',
      'skiing wrist',
      'likes jazz',
      'plays jazz',
    ]);
  });

  it('drops a description as the object of a relation, and keeps it after a copula and every name or noun', () => {
    const kept = wellShaped([
      fact('User', 'likes', 'loud'),
      fact('User', 'dislikes', 'tiny'),
      fact('User', 'speaks', 'fluent'),
      fact('Ana', 'is', 'pregnant'),
      fact('User', 'feels', 'tired'),
      fact('User', 'is_allergic_to', 'peanuts'),
      fact('Acme Corp.', 'is', 'fine'),
      fact('User', 'visited', 'Nice'),
      fact('User', 'diet', 'vegan'),
      fact('User', 'likes', 'red'),
    ]);
    expect(kept.map((f) => `${f.subject} ${f.predicate} ${f.object}`)).toEqual([
      'Ana is pregnant',
      'User feels tired',
      'User is_allergic_to peanuts',
      'Acme Corp. is fine',
      'User visited Nice',
      'User diet vegan',
      'User likes red',
    ]);
  });

  it('drops a kin or friend relation to a place or an organization, a number as the relation and the user as what someone is', () => {
    const kept = wellShaped([
      fact('User', 'mum', 'Nice', 'place'),
      fact('User', 'parents', 'Lyon', 'city'),
      fact('User', 'best_friend', 'Acme', 'organization'),
      fact('User', 'two', 'more'),
      fact('Tom', 'is', 'User', 'person'),
      fact('User', 'mum', 'Carla', 'person'),
      fact('User', 'employer', 'Acme', 'organization'),
      fact('User', 'boss', 'Dana', 'person'),
      fact('Tom', 'is', 'vegetarian'),
      fact('User', 'has_pet', 'Luna', 'animal'),
      fact('User', 'likes_best', 'Lisbon', 'place'),
    ]);
    expect(kept.map((f) => `${f.subject} ${f.predicate} ${f.object}`)).toEqual([
      'User mum Carla',
      'User employer Acme',
      'User boss Dana',
      'Tom is vegetarian',
      'User has_pet Luna',
      'User likes_best Lisbon',
    ]);
  });
});
