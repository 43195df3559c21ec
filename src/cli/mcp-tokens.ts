import { readFileSync } from 'node:fs';
import { checkUserId } from '../model/validate.js';
import { UsageError } from './context.js';

/**
 * Reads an MCP token file: a JSON object mapping each bearer token to the memory user it acts
 * for (`{"<secret>": "alice"}`). Tokens shorter than 16 characters are refused (guessable).
 */
export function readMcpTokens(path: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(
      `--mcp-tokens ${path}: ${error instanceof Error ? error.message : String(error)} (expected a JSON object {"<token>": "<user>"})`,
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new UsageError(`--mcp-tokens ${path}: expected a JSON object {"<token>": "<user>"}`);
  }
  // No prototype: a token spelt "__proto__" or "constructor" is a key like any other.
  const tokens: Record<string, string> = Object.create(null);
  for (const [token, user] of Object.entries(parsed)) {
    if (token.length < 16) throw new UsageError(`--mcp-tokens ${path}: tokens need at least 16 characters`);
    tokens[token] = checkUserId(user, `--mcp-tokens user of a token`);
  }
  return tokens;
}
