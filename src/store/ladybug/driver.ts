import { createRequire } from 'node:module';
import type * as Lbug from '@ladybugdb/core';
import { StoreUnavailableError } from '../../model/errors.js';

/** The LadybugDB Node.js module (CommonJS; loaded once). */
export type LadybugModule = typeof Lbug.default;

const require = createRequire(import.meta.url);
let loaded: LadybugModule | undefined;

/**
 * Loads `@ladybugdb/core`. Its install script copies the native binary out of the platform
 * package (`@ladybugdb/core-linux-x64`, …; allowed in package.json `allowScripts`); where
 * install scripts were disabled anyway, the platform package, a complete copy with the binary,
 * is loaded instead.
 */
export function loadLadybug(): LadybugModule {
  if (loaded) return loaded;
  try {
    loaded = require('@ladybugdb/core') as LadybugModule;
  } catch (error) {
    try {
      loaded = require(`@ladybugdb/core-${process.platform}-${process.arch}`) as LadybugModule;
    } catch {
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      throw new StoreUnavailableError(
        `LadybugDB could not be loaded for ${process.platform}-${process.arch} (${reason}). ` +
          'Reinstall with install scripts allowed for @ladybugdb/core (npm ci), or use the Neo4j backend.',
      );
    }
  }
  return loaded;
}
