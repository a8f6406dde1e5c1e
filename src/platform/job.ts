/** A background loop of the worker role. `stop` lets in-flight work finish before resolving. */
export interface Job {
  name: string;
  stop(): Promise<void>;
}
