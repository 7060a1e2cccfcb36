/**
 * A pip of the result strip asks the instruments to open its round. The strip loads with the
 * page and the instruments later, so the request waits here until they read it.
 */
type Listener = (index: number) => void;
let waiting: number | null = null;
const listeners = new Set<Listener>();

/** `index`: the round's place in the shoe's results, 0 for the first. */
export function openHand(index: number): void {
  if (listeners.size === 0) waiting = index;
  for (const listener of listeners) listener(index);
}

export function onOpenHand(listener: Listener): () => void {
  listeners.add(listener);
  if (waiting !== null) {
    listener(waiting);
    waiting = null;
  }
  return () => listeners.delete(listener);
}
