/** One token of a Cypher statement. */
export interface CypherToken {
  kind: 'word' | 'quoted' | 'string' | 'number' | 'parameter' | 'symbol';
  /** The token's text (a string without its quotes, a quoted name without its backticks). */
  text: string;
  /** Offset of the token in the statement. */
  at: number;
}

/** Thrown for text that is not a well-formed statement (an unclosed string or comment). */
export class CypherSyntaxError extends Error {
  override name = 'CypherSyntaxError';
}

/**
 * Splits a Cypher statement (Neo4j's or LadybugDB's dialect) into tokens: words (keywords,
 * names), backtick-quoted names, string literals (single or double quotes, backslash escapes),
 * numbers, parameters (`$name`) and symbols; comments (`// …`, `/* … *\/`) and whitespace are
 * dropped. A word inside a string, a comment or backticks is never read as a keyword.
 *
 * @throws CypherSyntaxError for an unclosed string, quoted name or comment
 */
export function tokenizeCypher(text: string): CypherToken[] {
  const tokens: CypherToken[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end + 1;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) throw new CypherSyntaxError(`a comment opened at offset ${i} is never closed`);
      i = end + 2;
      continue;
    }
    if (c === "'" || c === '"') {
      const start = i;
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length)
          throw new CypherSyntaxError(`a string opened at offset ${start} is never closed`);
        const d = text[i] as string;
        if (d === '\\') {
          value += text[i + 1] ?? '';
          i += 2;
          continue;
        }
        if (d === c) {
          // A doubled quote inside a string stands for the quote itself (LadybugDB accepts it).
          if (text[i + 1] === c) {
            value += c;
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += d;
        i++;
      }
      tokens.push({ kind: 'string', text: value, at: start });
      continue;
    }
    if (c === '`') {
      const start = i;
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length)
          throw new CypherSyntaxError(`a quoted name opened at offset ${start} is never closed`);
        if (text[i] === '`') {
          if (text[i + 1] === '`') {
            value += '`';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += text[i];
        i++;
      }
      tokens.push({ kind: 'quoted', text: value, at: start });
      continue;
    }
    if (c === '$') {
      const start = i;
      i++;
      const name = /^[\p{L}\p{N}_]+|^`[^`]*`/u.exec(text.slice(i))?.[0] ?? '';
      i += name.length;
      tokens.push({ kind: 'parameter', text: name.replace(/`/g, ''), at: start });
      continue;
    }
    const number = /^\d[\d_]*(\.\d+)?([eE][+-]?\d+)?|^\.\d+([eE][+-]?\d+)?/.exec(text.slice(i));
    if (number && !/[\p{L}_]/u.test(text[i + number[0].length] ?? '')) {
      tokens.push({ kind: 'number', text: number[0], at: i });
      i += number[0].length;
      continue;
    }
    const word = /^[\p{L}_][\p{L}\p{N}_]*/u.exec(text.slice(i));
    if (word) {
      tokens.push({ kind: 'word', text: word[0], at: i });
      i += word[0].length;
      continue;
    }
    // Symbols: the two-character operators first, then any single character.
    const pair = text.slice(i, i + 2);
    if (['<=', '>=', '<>', '!=', '=~', '->', '<-', '..', '+=', '::'].includes(pair)) {
      tokens.push({ kind: 'symbol', text: pair, at: i });
      i += 2;
      continue;
    }
    tokens.push({ kind: 'symbol', text: c, at: i });
    i++;
  }
  return tokens;
}
