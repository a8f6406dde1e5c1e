import { spawnSync } from 'node:child_process';
import { CHROMIUM_PATH, hasChromium } from './browser.js';

/**
 * Once per `npm test`: the browser suite needs the built console; without a Chromium it is skipped, and
 * said so plainly (E2E_REQUIRED=1, as CI sets, makes a missing Chromium a failure instead).
 */
export default function setup(): void {
  if (!hasChromium) {
    const message = `web console end-to-end suite SKIPPED: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`;
    if (process.env.E2E_REQUIRED === '1') throw new Error(message);
    console.warn(`\n*** ${message} ***\n`);
    return;
  }
  const result = spawnSync('npm', ['run', 'build:web', '--silent'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('building the web console failed');
}
