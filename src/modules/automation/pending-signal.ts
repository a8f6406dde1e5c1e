/**
 * Wakes this process's automation job when the engine decided replies, so they go out within milliseconds
 * rather than at the job's next tick (another process's job picks them up at its tick).
 */
const listeners = new Set<() => void>();

export function signalAutomation(): void {
  for (const wake of listeners) wake();
}

export function onAutomationSignal(wake: () => void): () => void {
  listeners.add(wake);
  return () => listeners.delete(wake);
}
