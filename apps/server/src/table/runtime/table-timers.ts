/**
 * One table's wake-ups: its round timer (one at a time), a hold per away seat (T1.6) and a
 * room's idle close (T11.8). Whether one may still be armed is the actor's lifecycle's call.
 */
export class TableTimers {
  private round: NodeJS.Timeout | null = null;
  private readonly holds = new Map<string, NodeJS.Timeout>();
  private idle: NodeJS.Timeout | null = null;

  constructor(private readonly clock: () => number) {}

  /** The round timer; a new one replaces the one before. */
  schedule(at: number, fire: () => void): void {
    this.cancelRound();
    this.round = this.at(
      at,
      (timer) => (this.round = timer),
      () => {
        this.round = null;
        fire();
      },
    );
  }

  /**
   * Node's timers run on the event loop's cached millisecond, so one can fire a millisecond
   * before the wall clock reaches `at`: a window would then close before its deadline. Such a
   * timer is armed again for what is left, through `rearmed`, so its owner can still cancel it.
   */
  private at(
    at: number,
    rearmed: (timer: NodeJS.Timeout) => void,
    fire: () => void,
  ): NodeJS.Timeout {
    return setTimeout(
      () => {
        if (this.clock() < at) rearmed(this.at(at, rearmed, fire));
        else fire();
      },
      Math.max(0, at - this.clock()),
    );
  }

  cancelRound(): void {
    if (this.round) clearTimeout(this.round);
    this.round = null;
  }

  /** T1.6: the player's seat hold; a new one replaces theirs. */
  hold(playerId: string, at: number, fire: () => void): void {
    this.cancelHold(playerId);
    const timer = this.at(
      at,
      (again) => this.holds.set(playerId, again),
      () => {
        this.holds.delete(playerId);
        fire();
      },
    );
    this.holds.set(playerId, timer);
  }

  cancelHold(playerId: string): void {
    clearTimeout(this.holds.get(playerId));
  }

  /** T11.8: the idle close; it does not keep the process alive. */
  idleAfter(ms: number, fire: () => void): void {
    this.cancelIdle();
    this.idle = setTimeout(() => {
      this.idle = null;
      fire();
    }, ms);
    this.idle.unref();
  }

  cancelIdle(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
  }

  /** Every wake-up, cancelled. */
  stop(): void {
    this.cancelRound();
    this.cancelIdle();
    for (const timer of this.holds.values()) clearTimeout(timer);
    this.holds.clear();
  }
}
