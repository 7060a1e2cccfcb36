import type { PlayerInfo } from '@banco/protocol';

/** What a table needs from the chip ledger and the round archive (see src/db). */
export interface TableLedger {
  playerInfo(playerId: string): Promise<PlayerInfo | null>;
  balanceOf(playerId: string): Promise<number>;
  nextShoeNumber(tableId: string): Promise<number>;
  nextRoundSeq(tableId: string): Promise<number>;
  createShoe(input: {
    tableId: string;
    number: number;
    serverSeed: string;
    commitment: string;
    clientSeed: string;
    settings: unknown;
  }): Promise<{ shoeId: string }>;
  recordBurn(shoeId: string, shownCard: string): Promise<void>;
  endShoe(shoeId: string): Promise<void>;
  openRound(input: {
    tableId: string;
    shoeId: string;
    seq: number;
    number: number;
    holderSeat: number | null;
  }): Promise<{ roundId: string }>;
  refill(input: {
    playerId: string;
    roundId: string;
    target: number;
  }): Promise<{ amount: number; balance: number }>;
  escrowBets(input: {
    tableId: string;
    roundId: string;
    playerId: string;
    seat: number;
    confirmId: string;
    bets: Array<{ spot: string; amount: number }>;
  }): Promise<{ bets: Array<{ id: string; spot: string; amount: number }>; balance: number }>;
  settleRound(input: {
    tableId: string;
    roundId: string;
    round: {
      cards: string[];
      outcome: 'player' | 'banker' | 'tie';
      playerTotal: number;
      bankerTotal: number;
      trace: unknown;
    };
    settled: Array<{
      betId: string;
      playerId: string;
      result: 'lose' | 'push' | 'win';
      stake: number;
      returned: number;
    }>;
  }): Promise<{ balances: Map<string, number> }>;
  recordSeat(input: {
    tableId: string;
    seat: number;
    playerId: string;
    kind: 'SIT' | 'LEAVE';
  }): Promise<void>;
}
