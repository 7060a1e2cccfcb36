import type { eveningSettingsSchema } from '@banco/protocol';
import { eveningViewSchema, type EveningView } from '@banco/protocol';
import type { z } from 'zod';

type YouPart = Partial<EveningView['you']>;

/**
 * An evening as a table sends it (P9.9), read by the protocol's own schema: a host-approves room
 * of room chips starting at 5,000, nobody asking, nobody waiting.
 */
export function eveningOf(
  overrides: Omit<Partial<EveningView>, 'you' | 'settings'> & {
    you?: YouPart;
    /** Read by the protocol's schema: what is left out takes its default. */
    settings?: z.input<typeof eveningSettingsSchema>;
  } = {},
): EveningView {
  const { you, ...rest } = overrides;
  return eveningViewSchema.parse({
    settings: {
      seating: 'host-approves',
      chips: 'room',
      roomChips: { startingStack: 500_000 },
    },
    queue: null,
    topUps: null,
    counts: { requests: 0, waiting: 0 },
    you: {
      request: null,
      waitlistPosition: null,
      offer: null,
      topUp: null,
      topUpsTaken: 0,
      declined: null,
      topUpDeclined: null,
      ...you,
    },
    sittingOut: [],
    leaderboard: [],
    progress: { rounds: 0, shoes: 0 },
    podium: null,
    ...rest,
  });
}

export const line = (id: string, name: string, stack: number, granted = 500_000) => ({
  player: { id, name },
  stack,
  granted,
  net: stack - granted,
});
