import type { AckError, ErrorCode, TableEvent, TableEventBody } from '@banco/protocol';
import type { TableGame } from './game.js';
import type { Reply, SuccessFields } from './inputs.js';
import type { Effect, TableState } from './state.js';

/**
 * Collects what one input does to a table: the new state, the effects in order and the reply.
 * It lives only inside one reducer call, so the reducer stays a pure function of its inputs.
 */
export class Step {
  readonly effects: Effect[] = [];
  reply: Reply | undefined;

  constructor(
    public state: TableState,
    readonly now: number,
    /** The game the table plays: what the core asks whenever a round is concerned. */
    readonly game: TableGame<Step>,
  ) {}

  update(patch: Partial<TableState>): void {
    this.state = { ...this.state, ...patch };
  }

  /** Broadcasts an event stamped with the next table version (P1.2). */
  emit(body: TableEventBody): void {
    const version = this.state.version + 1;
    this.state = { ...this.state, version };
    // Not a spread followed by new keys: why in @banco/rules' placeRuns (a table keeps hundreds
    // of events: REPLAY_EVENTS).
    const event = Object.assign({}, body, {
      tableId: this.state.tableId,
      version,
      at: this.now,
    }) as TableEvent;
    this.effects.push({ type: 'broadcast', event });
  }

  effect(effect: Effect): void {
    this.effects.push(effect);
  }

  /** Replaces any pending wake-up: each phase waits for one deadline at a time. */
  wakeAt(at: number): void {
    const token = this.state.nextTimerToken;
    this.update({ timer: { token, at }, nextTimerToken: token + 1 });
    this.effects.push({ type: 'schedule', token, at });
  }

  cancelWakeUp(): void {
    this.update({ timer: null });
  }

  refuse(code: ErrorCode, message: string, field?: string): void {
    this.reply =
      field === undefined ? { ok: false, code, message } : { ok: false, code, message, field };
  }

  /** Refuses with a reply already made (a bet's refusal carries its spot, P2.6). */
  refuseWith(reply: AckError): void {
    this.reply = reply;
  }

  succeed(fields: SuccessFields = {}): void {
    this.reply = { ok: true, version: this.state.version, ...fields };
  }

  /** Success replies carry the version the table reached, so a client can line up events. */
  result(): { state: TableState; effects: Effect[]; reply: Reply | undefined } {
    const reply =
      this.reply?.ok === true ? { ...this.reply, version: this.state.version } : this.reply;
    return { state: this.state, effects: this.effects, reply };
  }
}
