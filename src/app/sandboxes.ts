import type { AppDeps } from '../deps.js';
import type { ZodApp } from '../platform/http/types.js';
import { localStorageRoutes } from '../platform/storage/local.routes.js';
import { sandboxCheckoutRoutes } from '../providers/payment/sandbox-checkout.routes.js';

/** The routes of the embedded stand-ins that run in place of a provider (uploads on disk, checkout page). */
export async function installSandboxes(
  app: ZodApp,
  { sandboxes }: Pick<AppDeps, 'sandboxes'>,
): Promise<void> {
  if (sandboxes.storage) await app.register(localStorageRoutes, { storage: sandboxes.storage });
  if (sandboxes.payment) await app.register(sandboxCheckoutRoutes, { sandbox: sandboxes.payment });
}
