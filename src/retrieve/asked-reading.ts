/** What the asked-relation reader read of a question besides the keys the user holds (`AnswerFit.focus`). */
export interface AskedReading {
  /** The words of a set phrase that asked a relation ("for a living"): they name none themselves. */
  idiomWords: readonly string[];
  /** The keys asked that the user's memory does not hold. */
  unheldKeys: readonly string[];
  /** Words said of someone no relation of the user's names ("my girlfriend's _name_"): read as nothing. */
  othersWords?: readonly string[];
  /** The words of a phrasal verb read as one verb ("work out"): a key asked by it is not read by them either. */
  phrasalWords?: readonly string[];
}
