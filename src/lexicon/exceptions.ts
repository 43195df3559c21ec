import { createRequire } from 'node:module';

/** A part of speech that has a WordNet exception list. */
export type InflectedPos = 'noun' | 'verb' | 'adj';

type ExceptionList = Readonly<Record<string, string>>;

const FILES: Record<InflectedPos, string> = {
  noun: 'wink-lexicon/src/wn-noun-exceptions.js',
  verb: 'wink-lexicon/src/wn-verb-exceptions.js',
  adj: 'wink-lexicon/src/wn-adjective-exceptions.js',
};

const lists = new Map<InflectedPos, ExceptionList>();

/**
 * The base form WordNet's exception lists (`noun.exc`, `verb.exc`, `adj.exc`, as the
 * `wink-lexicon` package ships them) give an irregular inflection in one part of speech:
 * "children" → "child" (noun), "bought" → "buy" (verb), "better" → "good" (adjective); the
 * forms morphy's suffix rules cannot reach. `undefined` for a regular word. Each list is read on
 * its first use.
 */
export function irregularBaseOf(word: string, pos: InflectedPos): string | undefined {
  const list = exceptionList(pos);
  return Object.hasOwn(list, word) ? list[word] : undefined;
}

const formsByBase = new Map<InflectedPos, ReadonlyMap<string, readonly string[]>>();

/**
 * The irregular inflections the same lists give a base form, the other way round: "grow" →
 * "grew", "grown" (verb). Empty for a regular word.
 */
export function irregularFormsOf(base: string, pos: InflectedPos): readonly string[] {
  let forms = formsByBase.get(pos);
  if (!forms) {
    const byBase = new Map<string, string[]>();
    for (const [form, of] of Object.entries(exceptionList(pos)))
      byBase.set(of, [...(byBase.get(of) ?? []), form]);
    forms = byBase;
    formsByBase.set(pos, forms);
  }
  return forms.get(base) ?? [];
}

function exceptionList(pos: InflectedPos): ExceptionList {
  let list = lists.get(pos);
  if (!list) {
    const require = createRequire(import.meta.url);
    list = require(FILES[pos]) as ExceptionList;
    lists.set(pos, list);
  }
  return list;
}
