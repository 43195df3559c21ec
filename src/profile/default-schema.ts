import type { ProfileSchema } from './schema.js';

/** What the profile says about each person it names (family, partner, friends, colleagues). */
const ABOUT_A_PERSON = {
  home: { predicates: ['lives_in', 'resides_in', 'based_in'] },
  employer: { predicates: ['works_at', 'works_for', 'employed_by'] },
  role: { predicates: ['works_as', 'job_title', 'occupation', 'profession'] },
  birthday: 'birthday',
  age: 'age',
  likes: { predicates: ['likes', 'loves', 'enjoys'], many: true },
  dislikes: { predicates: ['dislikes', 'hates'], many: true },
  diet: 'diet',
  allergies: { predicates: ['is_allergic_to', 'allergy'], many: true },
  pets: { predicates: ['has_pet', 'pet'], many: true },
  plays: { predicates: ['plays', 'does', 'hobby'], many: true },
} as const satisfies ProfileSchema;

const person = <Many extends boolean>(predicates: readonly string[], many: Many) => ({
  predicates,
  many,
  about: ABOUT_A_PERSON,
});

/**
 * The profile of everyday personal memory: where the user lives and works, their people and
 * what each of them does, tastes, diet, health, pets, languages and hobbies. Each field lists the
 * predicates the rule extractor and the model prompt write (and common spellings of them); pass
 * your own schema to `memory.profile(userId, { schema })` for another domain.
 */
export const DEFAULT_PROFILE_SCHEMA = {
  name: 'name',
  age: 'age',
  birthday: 'birthday',
  home: { predicates: ['lives_in', 'resides_in', 'based_in', 'home'] },
  from: { predicates: ['is_from', 'comes_from', 'born_in', 'grew_up_in', 'hometown'] },
  employer: { predicates: ['works_at', 'works_for', 'employed_by', 'employer'] },
  role: { predicates: ['works_as', 'job_title', 'occupation', 'profession', 'role'] },
  studies: { predicates: ['studies_at', 'attends', 'student_at', 'studies', 'majors_in'], many: true },
  education: { predicates: ['has_degree', 'graduated_from', 'studied_at', 'studied'], many: true },
  partner: person(
    ['partner', 'married_to', 'wife', 'husband', 'spouse', 'girlfriend', 'boyfriend', 'fiance', 'fiancee'],
    false,
  ),
  family: person(
    [
      'mother',
      'mom',
      'mum',
      'father',
      'dad',
      'parent',
      'sister',
      'brother',
      'sibling',
      'son',
      'daughter',
      'child',
      'grandmother',
      'grandfather',
      'aunt',
      'uncle',
      'cousin',
      'niece',
      'nephew',
    ],
    true,
  ),
  friends: person(['friend', 'best_friend'], true),
  colleagues: person(['colleague', 'coworker', 'manager', 'boss', 'works_with'], true),
  pets: { predicates: ['has_pet', 'pet', 'owns_pet'], many: true },
  likes: { predicates: ['likes', 'loves', 'enjoys', 'favourite', 'favorite', 'prefers'], many: true },
  dislikes: { predicates: ['dislikes', 'hates'], many: true },
  diet: { predicates: ['diet', 'follows_diet'] },
  allergies: { predicates: ['is_allergic_to', 'allergy'], many: true },
  health: { predicates: ['has_condition', 'condition', 'suffers_from'], many: true },
  languages: { predicates: ['speaks', 'language', 'native_language'], many: true },
  learning: { predicates: ['is_learning', 'learns'], many: true },
  hobbies: { predicates: ['plays', 'does', 'hobby', 'practices'], many: true },
  tools: { predicates: ['codes_in', 'programs_in', 'uses'], many: true },
  owns: { predicates: ['owns', 'drives'], many: true },
} as const satisfies ProfileSchema;
