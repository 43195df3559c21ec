import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium, or the one named by KGMEM_CHROMIUM. */
export const CHROMIUM_PATH = process.env.KGMEM_CHROMIUM ?? '/usr/bin/chromium';

/**
 * Whether the browser tests run: always in CI (where a missing Chromium is a failure, not a
 * skip), and elsewhere when Chromium is installed.
 */
export const browserTestsEnabled = process.env.CI === 'true' || existsSync(CHROMIUM_PATH);

/**
 * Launches headless Chromium with the flags this sandbox needs (no background networking: the
 * machine has no internet). Throws with the install command when Chromium is missing.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium" ` +
        '(or set KGMEM_CHROMIUM to a Chromium binary)',
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
