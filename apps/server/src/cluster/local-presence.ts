/**
 * T1.5–T1.7, T13.9: who has a socket at each table on this node, and how many. The one count of
 * a player's presence here: the gateway keeps it (sockets come and go there), and whatever else
 * must know who is connected here reads it — a table started again after a lost lease (T13.15),
 * a table claimed from another node, the beats that tell each owner who sits on this node.
 * A table's actor keeps only the union it is told of (first socket in, last socket out).
 */
export class LocalPresence {
  private readonly at = new Map<string, Map<string, number>>();

  /** One more socket of the player at the table; true when it is their first here. */
  arrive(tableId: string, playerId: string): boolean {
    let players = this.at.get(tableId);
    if (!players) this.at.set(tableId, (players = new Map()));
    const count = (players.get(playerId) ?? 0) + 1;
    players.set(playerId, count);
    return count === 1;
  }

  /** One socket fewer; true when it was their last here. */
  depart(tableId: string, playerId: string): boolean {
    const players = this.at.get(tableId);
    const count = (players?.get(playerId) ?? 1) - 1;
    if (players && count > 0) {
      players.set(playerId, count);
      return false;
    }
    players?.delete(playerId);
    if (players?.size === 0) this.at.delete(tableId);
    return true;
  }

  has(tableId: string, playerId: string): boolean {
    return this.at.get(tableId)?.has(playerId) ?? false;
  }

  /** How many players have a socket at the table here. */
  count(tableId: string): number {
    return this.at.get(tableId)?.size ?? 0;
  }

  /** The players with a socket at the table here. */
  playersAt(tableId: string): string[] {
    return [...(this.at.get(tableId)?.keys() ?? [])];
  }

  /** Every table with somebody here, and who. */
  tables(): [tableId: string, players: string[]][] {
    return [...this.at].map(([tableId, players]) => [tableId, [...players.keys()]]);
  }
}
