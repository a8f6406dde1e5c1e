import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's Chromium (never a downloaded browser); CHROMIUM_PATH points elsewhere. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM_PATH);

const SCREENSHOTS = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
}

/** A fresh browser profile (its own cookies) on the service, desktop-sized unless told otherwise. */
export async function newSession(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'en-GB',
    timezoneId: 'Africa/Lagos',
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

/** No CSS transition is running (animations such as a loader are left alone). */
const TRANSITIONS_ENDED =
  "document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running')";

/**
 * Waits until no CSS transition runs, asking through `page.evaluate` (the debugging protocol): the pages'
 * Content-Security-Policy refuses the string evaluation `page.waitForFunction` does in the page.
 */
async function transitionsEnded(page: Page): Promise<void> {
  for (let look = 0; look < 300; look++) {
    if (await page.evaluate<boolean>(TRANSITIONS_ENDED)) return;
    await page.waitForTimeout(100);
  }
  throw new Error('CSS transitions still running after 30 s');
}

let axeSource: Promise<string> | undefined;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Runs axe-core in the page (injected from node_modules, nothing fetched) and fails with a readable list
 * when it finds a serious or critical violation.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // A dialog or drawer fading in is not the screen a person reads: scan once CSS transitions have ended
  // (running animations such as a loader are left alone).
  await transitionsEnded(page);
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the debugging protocol: the pages' Content-Security-Policy refuses inline script tags.
  if (!(await page.evaluate('typeof axe !== "undefined"'))) await page.evaluate(await axeSource);
  // A string, run in the page: this project's TypeScript has no DOM types.
  const violations = await page.evaluate<AxeViolation[]>(
    "axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations)",
  );
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length) {
    const lines = bad.map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes
          .slice(0, 4)
          .map((n) => `${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
          .join('; ')})`,
    );
    throw new Error(`accessibility violations on ${screen}:\n${lines.join('\n')}`);
  }
}

/** Toasts float over the header; a picture of a screen shows the screen, not the last few toasts. */
const HIDE_FOR_PICTURE = '.mantine-Notifications-root { display: none !important; }';

/**
 * docs/screenshots/<name>-1280.png and <name>-375.png: the whole page at desktop and phone widths (the
 * viewport is put back afterwards). The page is laid out in a window as tall as its content rather than
 * stitched by a full-page capture, so the fixed header and navigation sit where a reader sees them, and
 * toasts are hidden. The phone one also checks nothing scrolls sideways at 375 px.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  const before = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.evaluate(
    `(() => { const s = document.createElement('style'); s.id = 'e2e-picture'; s.textContent = ${JSON.stringify(HIDE_FOR_PICTURE)}; document.head.append(s); })()`,
  );
  try {
    for (const width of [1280, 375]) {
      const height = width === 375 ? 812 : 800;
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(150); // layout settles (Mantine transitions) before the picture, not a test wait
      // On a loaded machine Mantine's transitions can outlast that: measure once they have ended.
      await transitionsEnded(page);
      if (width === 375) {
        // What a narrow screen re-renders (a control turned vertical by a media query, Mantine's sliding
        // indicators) moves for a moment after the resize: the page must settle without sideways scrolling.
        let overflow = 0;
        for (let look = 0; look < 10; look++) {
          overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
          if (overflow <= 1) break;
          await page.waitForTimeout(100);
        }
        if (overflow > 1) throw new Error(`${name} scrolls sideways at 375 px (${overflow} px too wide)`);
      }
      const full = await page.evaluate<number>('document.documentElement.scrollHeight');
      await page.setViewportSize({ width, height: Math.min(Math.max(height, full), 8000) });
      await page.waitForTimeout(150);
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`) });
    }
  } finally {
    await page.evaluate("document.getElementById('e2e-picture')?.remove()");
    await page.setViewportSize(before);
  }
}

/**
 * A whole service and a browser on a shared two-core machine: starting them, and a journey through
 * several screens, can take minutes when other suites run beside. A limit, not a measurement.
 */
export const E2E_TIMEOUT = 240_000;

/** Signs `user` in through the sign-in page, landing on `to` (the page a journey starts from). */
export async function signIn(
  page: Page,
  user: { email: string; password: string },
  to: string,
): Promise<void> {
  await page.goto(`/sign-in?redirect=${encodeURIComponent(to)}`);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
