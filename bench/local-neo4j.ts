import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The pid of the project's local Neo4j when it is the one at `uri` (its memory can be read then). */
export function localNeo4jPid(uri?: string): number | undefined {
  const state = join(ROOT, '.neo4j', 'state.json');
  if (!existsSync(state)) return undefined;
  const { pid, uri: localUri } = JSON.parse(readFileSync(state, 'utf8')) as { pid: number; uri: string };
  return uri === undefined || uri === localUri ? pid : undefined;
}

/** The local Neo4j's settings: the running one from NEO4J_URI, else one started here (and later stopped). */
export function neo4jConnection():
  | { env: NodeJS.ProcessEnv; stop: () => void; pid?: number }
  | { skipped: string } {
  if (process.env.NEO4J_URI) {
    const pid = localNeo4jPid(process.env.NEO4J_URI);
    return { env: {}, stop: () => {}, ...(pid ? { pid } : {}) };
  }
  const started = spawnSync(process.execPath, [join(ROOT, 'scripts', 'neo4j.mjs'), 'start'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (started.status !== 0)
    return { skipped: started.stderr.trim().split('\n').pop() ?? 'could not start Neo4j' };
  const env: NodeJS.ProcessEnv = {};
  for (const line of started.stdout.trim().split('\n')) {
    const at = line.indexOf('=');
    env[line.slice(0, at)] = line.slice(at + 1);
  }
  const pid = localNeo4jPid();
  return {
    env,
    stop: () => spawnSync(process.execPath, [join(ROOT, 'scripts', 'neo4j.mjs'), 'stop'], { cwd: ROOT }),
    ...(pid ? { pid } : {}),
  };
}
