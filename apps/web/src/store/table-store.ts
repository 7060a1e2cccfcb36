import type {
  CardsPeek,
  CheminCards,
  EveningYou,
  TableEvent,
  TableSnapshot,
} from '@banco/protocol';
import { useSyncExternalStore } from 'react';
import {
  applyCheminCards,
  applyGamePrivate,
  applyEvent,
  applyEveningYou,
  applyPeek,
  applySnapshot,
  emptyTable,
  withStory,
  type Connection,
  type PrivateMessage,
  type TableState,
} from './table-state';

/** One table's state, fed by the socket layer and read by the screen. */
export class TableStore {
  private state: TableState;
  private readonly listeners = new Set<() => void>();

  constructor(tableId: string) {
    this.state = emptyTable(tableId);
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly get = (): TableState => this.state;

  private set(next: TableState): void {
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  /** `lines`: what the narrator says of it (the narrator loads with the socket layer). */
  snapshot(snap: TableSnapshot, lines: readonly string[] = []): void {
    this.set(withStory(applySnapshot(this.state, snap, Date.now()), lines));
  }

  event(event: TableEvent, line: string | null = null): void {
    const next = applyEvent(this.state, event);
    this.set(next === this.state || line === null ? next : withStory(next, [line]));
  }

  peek(peek: CardsPeek): void {
    this.set(applyPeek(this.state, peek));
  }

  cheminCards(cards: CheminCards): void {
    this.set(applyCheminCards(this.state, cards));
  }

  /** A game's own private message (its own cards, a choice's figures), kept by its type. */
  gamePrivate(message: PrivateMessage): void {
    this.set(applyGamePrivate(this.state, message));
  }

  evening(you: EveningYou): void {
    this.set(applyEveningYou(this.state, you));
  }

  connection(connection: Connection, refusal: TableState['refusal'] = null): void {
    if (connection === this.state.connection && refusal === this.state.refusal) return;
    this.set({ ...this.state, connection, refusal });
  }
}

export function useTable(store: TableStore): TableState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
