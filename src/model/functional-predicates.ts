/**
 * The predicates that hold one value at a time (a new value closes the previous fact): the
 * default of `createMemory({ functionalPredicates })`.
 */
export const DEFAULT_FUNCTIONAL_PREDICATES = [
  'lives_in',
  'works_at',
  'works_as',
  'name',
  'age',
  'is_married_to',
  'married_to',
  'birthday',
  'email',
  'phone',
  'job_title',
  'height',
  'weight',
];
