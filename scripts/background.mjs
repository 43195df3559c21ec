// What kgmem's background services (the local Neo4j, the local embeddings server) share: messages
// under the service's name, a state file, a detached child writing to a log, waiting until it
// answers, stopping it. Uses no npm package, so the scripts run before `npm ci`.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';

/** Whether a process with this pid exists. */
export function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One background service: `name` prefixes every message, `stateFile` remembers the running
 * process, `logFile` receives its output.
 */
export function backgroundService({ name, stateFile, logFile }) {
  const note = (message) => process.stderr.write(`${name}: ${message}\n`);
  const fail = (message) => {
    note(message);
    process.exit(1);
  };
  const tail = () => {
    try {
      return readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
    } catch {
      return '';
    }
  };
  return {
    note,
    fail,
    tail,
    readState() {
      try {
        return JSON.parse(readFileSync(stateFile, 'utf8'));
      } catch {
        return undefined;
      }
    },
    writeState(state) {
      mkdirSync(dirname(stateFile), { recursive: true });
      writeFileSync(stateFile, JSON.stringify(state, null, 2));
    },
    clearState() {
      rmSync(stateFile, { force: true });
    },
    /** Starts `command` detached from this process, its output going to the log. */
    launch(command, args, options = {}) {
      mkdirSync(dirname(logFile), { recursive: true });
      const log = openSync(logFile, 'w');
      const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', log, log] });
      child.unref();
      closeSync(log);
      return child;
    },
    /**
     * Polls `ready(logText)` until it gives a value; fails (killing the child, after `onFail`)
     * when the child exits or `timeoutMs` passes.
     */
    async waitUntilReady(child, ready, timeoutMs, onFail = () => {}) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (!alive(child.pid)) {
          onFail();
          fail(`it exited while starting; its log is ${logFile}:\n${tail()}`);
        }
        let text = '';
        try {
          text = readFileSync(logFile, 'utf8');
        } catch {}
        const value = await ready(text);
        if (value !== undefined) return value;
        await sleep(250);
      }
      process.kill(child.pid, 'SIGKILL');
      onFail();
      fail(`it did not answer within ${timeoutMs / 1000} s; its log is ${logFile}:\n${tail()}`);
    },
    /** Sends SIGTERM, waits up to `graceMs`, then SIGKILL. */
    async stopProcess(pid, graceMs) {
      if (!alive(pid)) return;
      process.kill(pid, 'SIGTERM');
      const deadline = Date.now() + graceMs;
      while (alive(pid) && Date.now() < deadline) await sleep(100);
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    },
    /** Runs the command named on the command line. */
    async main(commands) {
      const command = process.argv[2];
      const run = commands[command];
      if (!run) fail(`usage: node scripts/${basename(process.argv[1])} ${Object.keys(commands).join(' | ')}`);
      await run();
    },
  };
}
