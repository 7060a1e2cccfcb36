import type { LeaderboardLine } from '@banco/protocol';

export interface PodiumPlace {
  playerId: string;
  name: string;
  /** Net of the night, minor units. */
  net: number;
  /** What they hold at the end, minor units; absent where the room played wallets. */
  ended?: number | undefined;
}

/** The table's podium lines as the podium draws them: room chips end with their stack. */
export const podiumOf = (lines: readonly LeaderboardLine[]): PodiumPlace[] =>
  lines.map((l) => ({ playerId: l.player.id, name: l.player.name, net: l.net, ended: l.stack }));
