import type { AppDeps } from '../deps.js';
import type { ZodApp } from '../platform/http/types.js';

/** A domain module: its routes, registered under /api/v1 with the shared deps. */
export type ModulePlugin = (app: ZodApp, deps: AppDeps) => Promise<void>;
