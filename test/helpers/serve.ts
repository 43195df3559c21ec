import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/kgmem.js', import.meta.url));

/** A `kgmem serve` child process on a free loopback port. */
export interface ServeProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Starts the built `kgmem serve --port 0` on a data folder and waits (at most 30 s) for its URL. */
export function startServe(
  dataDir: string,
  args: readonly string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<ServeProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], {
      env: { ...process.env, KGMEM_DATA_DIR: dataDir, OPENAI_API_KEY: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`kgmem serve did not start within 30 s:\n${output}`));
    }, 30_000);
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/on (http:\/\/127\.0\.0\.1:\d+\/)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({
          url: match[1],
          child,
          output: () => output,
          stop: async () => {
            child.kill('SIGTERM');
            const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
            const code = await exited;
            clearTimeout(killer);
            return code;
          },
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`kgmem serve exited with ${code} before listening:\n${output}`));
    });
  });
}
