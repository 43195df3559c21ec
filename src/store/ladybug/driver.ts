import { createRequire } from 'node:module';
import type * as Lbug from '@ladybugdb/core';

/** The LadybugDB Node.js module (CommonJS; loaded once). */
export type LadybugModule = typeof Lbug.default;

const require = createRequire(import.meta.url);

/** Loads `@ladybugdb/core`. */
export function loadLadybug(): LadybugModule {
  return require('@ladybugdb/core') as LadybugModule;
}
