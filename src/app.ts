import { installApiDocs } from './app/api-docs.js';
import { API_PREFIX } from './app/api-prefix.js';
import { installDrain } from './app/drain.js';
import { installHealth } from './app/health.js';
import { installHttpPlugins } from './app/http-plugins.js';
import { installLinkRedirect } from './app/link-redirect.js';
import { installMetrics } from './app/metrics.js';
import { installRequestGuard } from './app/request-guard.js';
import { installSandboxes } from './app/sandboxes.js';
import { createServer } from './app/server.js';
import type { AppDeps } from './deps.js';
import { installIdempotency } from './modules/idempotency/index.js';
import { registerModules } from './modules/index.js';
import { installCrossSiteGuard } from './platform/http/cross-site-guard.js';
import type { ZodApp } from './platform/http/types.js';
import { installWebConsole } from './platform/http/web-console.js';

export { API_PREFIX } from './app/api-prefix.js';

/**
 * The HTTP application: used by `main.ts` and by every test (with a fresh database each). One installer a
 * concern, in the order they must run (src/app/): the request guard's hook comes before any route.
 */
export async function buildApp(deps: AppDeps): Promise<ZodApp> {
  const app = createServer(deps);
  await installHttpPlugins(app, deps);
  installCrossSiteGuard(app, deps.config);
  const drain = installDrain(app);
  installRequestGuard(app, deps, drain);
  installIdempotency(app, deps);
  await installApiDocs(app, deps.config);
  installHealth(app, deps);
  installMetrics(app, deps);
  installLinkRedirect(app, deps);
  await installSandboxes(app, deps);
  await app.register(registerModules(deps), { prefix: API_PREFIX });
  await installWebConsole(app, deps);
  return app;
}
