import { EventEmitter } from 'node:events';

// In-process nudge from the API (a campaign was published) to this process's dispatcher, so an immediate
// campaign starts at once instead of at the next poll. Dispatchers in other processes find the work by
// polling (DISPATCH_POLL_MS); the database stays the only source of truth.
const emitter = new EventEmitter();
emitter.setMaxListeners(0);

export function signalDispatch(): void {
  emitter.emit('dispatch');
}

export function onDispatchSignal(listener: () => void): () => void {
  emitter.on('dispatch', listener);
  return () => emitter.off('dispatch', listener);
}
