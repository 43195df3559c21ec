#!/usr/bin/env node
// Completes package-lock.json with the platform-specific optional packages the registry mirror
// here does not serve (e.g. @ladybugdb/core-darwin-arm64). npm records only the packages it could
// fetch, and `npm ci` then refuses the lock file ("Missing: … from lock file"). Each missing entry
// gets its version and the os/cpu/libc read from its name, so npm skips it on other platforms and
// fetches it normally on its own. Run after `npm install` changes the lock file:
//   node scripts/lockfile-stubs.mjs          (writes)     --check  (exit 1 if entries are missing)
import { readFileSync, writeFileSync } from 'node:fs';

const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el'];
const ALIASES = { mac: 'darwin', macos: 'darwin', win: 'win32', windows: 'win32', armv7l: 'arm' };

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;

function resolveFrom(location, name) {
  let base = location;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const at = base.lastIndexOf('/node_modules/');
    base = at < 0 ? '' : base.slice(0, at);
  }
}

const added = [];
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolveFrom(location, name)) continue;
    // Some packages spell the platform their own way (@node-llama-cpp/mac-arm64-metal, win-x64).
    const parts = name.split(/[/-]/).map((part) => ALIASES[part] ?? part);
    const os = OS.find((o) => parts.includes(o));
    const cpu = CPU.find((c) => parts.includes(c));
    if (!os || !cpu) throw new Error(`cannot infer the platform of ${name}; add its lock entry by hand`);
    const stub = { version, optional: true, os: [os], cpu: [cpu] };
    if (os === 'linux') stub.libc = [parts.includes('musl') ? 'musl' : 'glibc'];
    if (entry.dev) stub.dev = true;
    packages[`node_modules/${name}`] = stub;
    added.push(`${name}@${version}`);
  }
}

if (process.argv.includes('--check')) {
  if (added.length > 0) {
    console.error(
      `package-lock.json lacks ${added.length} platform entries: run node scripts/lockfile-stubs.mjs`,
    );
    process.exit(1);
  }
} else if (added.length > 0) {
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
  );
  writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`added ${added.length} platform entries: ${added.join(', ')}`);
}
