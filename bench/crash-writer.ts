import { type CrashProfile, checkAcknowledged, runCrashWriter } from './crash-workload.js';

/**
 * The child process of the crash check (`crash.ts`): `check <dataDir> <ackFile> <users>
 * <logBytes> <profile> <rounds>` opens the memory in this new process and prints what the check of
 * every write acknowledged in rounds 0 … rounds-1 found, as one JSON line; `write <dataDir> <round>
 * <users> <ackFile> <logBytes> <profile>` does the same check of the rounds before it first (the
 * reopen after the last kill), then prints `ready` and writes the round's sequence until it is killed.
 */
const [mode, dataDir = '', ...rest] = process.argv.slice(2);
if (mode === 'write') {
  const [round = '0', users = '1', ackFile = '', logBytes = '0', profile = 'mixed'] = rest;
  await check(ackFile, users, logBytes, profile, Number(round));
  await runCrashWriter(
    {
      dataDir,
      round: Number(round),
      users: Number(users),
      ackFile,
      checkpointLogSize: Number(logBytes),
      profile: profile as CrashProfile,
    },
    Number.POSITIVE_INFINITY,
    () => process.stdout.write('ready\n'),
  );
} else if (mode === 'check') {
  const [ackFile = '', users = '1', logBytes = '0', profile = 'mixed', rounds = '0'] = rest;
  await check(ackFile, users, logBytes, profile, Number(rounds));
} else {
  process.stderr.write('usage: crash-writer.ts write|check …\n');
  process.exitCode = 2;
}

/** Opens the memory, checks every acknowledged write, prints the result as a JSON line. */
async function check(
  ackFile: string,
  users: string,
  logBytes: string,
  profile: string,
  rounds: number,
): Promise<void> {
  const started = performance.now();
  try {
    const result = await checkAcknowledged(dataDir, ackFile, {
      users: Number(users),
      checkpointLogSize: Number(logBytes),
      profile: profile as CrashProfile,
      rounds,
    });
    process.stdout.write(`${JSON.stringify({ opened: true, ms: performance.now() - started, ...result })}\n`);
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ opened: false, error: String(error) })}\n`);
  }
}
