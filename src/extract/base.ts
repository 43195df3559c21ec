/** One message of a conversation, as kgmem stores it. */
export interface ConversationMessage {
  role: 'user' | 'assistant' | 'system' | 'tool';
  content: string;
  /** Who said it, when known (a user message's `name` is the user's display name). */
  name?: string;
}

/** A fact already in memory, shown to the extractor so it can say what a turn contradicts. */
export interface KnownFact {
  uid: string;
  statement: string;
}

/** A triple read out of a conversation. */
export interface ExtractedTriple {
  subject: string;
  predicate: string;
  object: string;
  subjectType: string;
  objectType: string;
}

/** What an extractor read out of one conversation turn. */
export interface Extraction {
  triples: ExtractedTriple[];
  /** uids of known facts the conversation shows are no longer true. */
  contradicts: string[];
  /** One line about the turn, or `""`. */
  summary: string;
  /** Model requests made (0 for the rule extractor, 1 on a model's happy path). */
  requests: number;
  /** Characters of prompt sent (all requests), for cost accounting. */
  promptChars: number;
}

/** The input of one extraction. */
export interface ExtractionInput {
  messages: ConversationMessage[];
  known: KnownFact[];
  at: Date;
  /** The thread's turn before this one, as context (who "he" or "she" is); already extracted. */
  previous?: ConversationMessage[];
}

/**
 * The extraction port: turns one conversation turn into triples. Implementations: the LLM
 * extractor (any LangChain chat model, one structured-output call) and the offline rule
 * extractor. Failures throw {@link ExtractionError}; the caller keeps the episode as failed.
 */
export abstract class Extractor {
  /** Short description for logs (`"llm:gpt-4o-mini"`, `"rules"`). */
  abstract readonly description: string;

  /** Reads triples (and contradictions) out of one turn. */
  abstract extract(input: ExtractionInput): Promise<Extraction>;

  /** The user's messages of a turn as one text (what rule-based and recall steps read). */
  protected userText(messages: readonly ConversationMessage[]): string {
    return messages
      .filter((m) => m.role === 'user')
      .map((m) => m.content)
      .join('\n');
  }
}
