import type { EventOf, RoomState, TableEvent, TableSnapshot } from '@banco/protocol';
import { holderSentence, resultSentence } from '../lib/words';
import { applyEvent, applySnapshot, withStory, type TableState } from './table-state';

const nameAt = (state: TableState, seat: number | null): string | null =>
  seat === null ? null : (state.seats.find((s) => s.seat === seat)?.player.name ?? `Seat ${seat}`);

/** What a voided round means for the people at the table (T9.2, P7.1). */
export function voidedSentence(event: EventOf<'round.voided'>): string {
  switch (event.reason) {
    case 'empty':
      return `Round ${event.round} was dropped: nobody was left at the table.`;
    case 'restart':
      return `Round ${event.round} was called off when the table restarted; every stake in it was returned.`;
    case 'shutdown':
      return `Round ${event.round} was called off as the table stopped; every stake in it was returned.`;
    case 'failure':
      return `Round ${event.round} was called off after a fault; every stake in it was returned.`;
    default: {
      const unknown: never = event.reason;
      return String(unknown);
    }
  }
}

/**
 * The shoe's story line for an event, said as a dealer would, from the table as it was just
 * before the event (who held the shoe, who sat where); null for events worth no line.
 */
export function narrate(before: TableState, event: TableEvent): string | null {
  switch (event.type) {
    case 'shoe.new':
      return `Shoe ${event.number}: its fingerprint is published before any card is dealt.`;
    case 'shoe.shuffled':
      return `Shoe ${event.shoe.number} is shuffled: ${event.shoe.decks} decks.`;
    case 'shoe.burned':
      return `Burn card shown; ${event.burned} more burned face down.`;
    case 'shoe.holder':
      return holderSentence(event.reason, nameAt(before, event.seat));
    case 'shoe.offered':
      return event.from === null
        ? `The shoe is offered to ${nameAt(before, event.seat)}.`
        : `${nameAt(before, event.from)} passes the shoe; it is offered to ${nameAt(before, event.seat)}.`;
    case 'shoe.refused':
      return `${nameAt(before, event.seat)} refuses the shoe.`;
    case 'shoe.cut-card':
      return event.lastRound
        ? 'The cut card is out: this is the last round of the shoe.'
        : 'The cut card is out: one more round after this one.';
    case 'shoe.ended':
      return `Shoe ${event.number} is finished after ${event.rounds} rounds; its seed is published.`;
    case 'cards.dealt':
      return `${nameAt(before, event.by) ?? 'The house'} deals: two cards each, face down.`;
    case 'round.result': {
      const said = resultSentence(event.outcome, event.player.total, event.banker.total);
      const holder = nameAt(before, before.holder);
      if (event.outcome === 'player' || holder === null) return `${said}.`;
      return `${said}. ${event.outcome === 'tie' ? 'A tie' : 'Banker won'}: ${holder} keeps the shoe.`;
    }
    case 'seat.away':
      return `${nameAt(before, event.seat) ?? 'A player'} dropped out; the seat is held for them.`;
    case 'seat.back':
      return `${nameAt(before, event.seat) ?? 'A player'} is back.`;
    case 'round.voided':
      return voidedSentence(event);
    case 'table.closing':
      // The server's message is for logs and bots; a player is told in the table's own words.
      return 'The table is restarting. Open bets are returned; a dealt round is finished first.';
    case 'room.updated':
      return roomChange(before.room, event.room, before.you.playerId, (id) => nameOf(before, id));
    case 'player.kicked':
      if (event.playerId === before.you.playerId) return null;
      return `${before.seats.find((s) => s.player.id === event.playerId)?.player.name ?? 'A player'} was removed by the host.`;
    case 'room.closed':
      return event.reason === 'idle'
        ? 'The room closed: nobody was here.'
        : 'The host closed the room.';
    default:
      return null;
  }
}

/**
 * The story lines a snapshot brings: who holds the shoe on a first look, and what happened to
 * the round in play while this page was away (a restart voided it, or the house finished it).
 */
export function narrateSnapshot(before: TableState, snap: TableSnapshot): string[] {
  const lines: string[] = [];
  if (before.story.length === 0 && snap.shoe) {
    const holder = snap.seats.find((s) => s.seat === snap.holder)?.player.name;
    lines.push(
      snap.houseDeals || !holder ? 'The house deals for now.' : `${holder} holds the shoe.`,
    );
  }
  return [...lines, ...awayLines(before, snap)];
}

/** What became of the round in play while this page was away (called off, or finished). */
function awayLines(before: TableState, snap: TableSnapshot): string[] {
  const lines: string[] = [];
  const last = snap.lastRound;
  if (!last || before.version === 0) return lines;
  if (last.voided && last.voided.version > before.version) lines.push(voidedSentence(last.voided));
  const missed = last.result;
  if (missed && missed.version > before.version && before.result?.round !== missed.round) {
    const said = resultSentence(missed.outcome, missed.player.total, missed.banker.total);
    lines.push(`While you were away, round ${missed.round} was finished: ${said}.`);
  }
  return lines;
}

/** A player's name, from their seat or their chat lines. */
function nameOf(state: TableState, playerId: string): string {
  return (
    state.seats.find((s) => s.player.id === playerId)?.player.name ??
    [...state.chat].reverse().find((m) => m.playerId === playerId)?.name ??
    'a player'
  );
}

/** The next event applied, with the story line it earns. */
export function narrated(state: TableState, event: TableEvent): TableState {
  let next = applyEvent(state, event);
  if (next === state) return state;
  // What happened while this page was away stays in sight until the next round's own result.
  if (event.type === 'round.result' && next.notices.away) {
    next = { ...next, notices: { ...next.notices, away: null } };
  }
  const line = narrate(state, event);
  return line ? withStory(next, [line]) : next;
}

/** A snapshot applied, with the story lines it earns. */
export function narratedSnapshot(state: TableState, snap: TableSnapshot, localNow: number) {
  const next = withStory(applySnapshot(state, snap, localNow), narrateSnapshot(state, snap));
  // The round finished or called off while away is said in the notices above the felt as well
  // as in the shoe's story: the story sits in the side panel, where a returning player may not
  // look, and a new round had opened by then.
  const away = awayLines(state, snap);
  return away.length > 0 ? { ...next, notices: { ...next.notices, away: away.join(' ') } } : next;
}

/** The story line for what the host just changed, if anything worth a line. */
function roomChange(
  before: RoomState | null,
  after: RoomState,
  you: string,
  name: (playerId: string) => string,
): string | null {
  if (!before) return null;
  // A mute is told to the table too: otherwise a player only finds their chat box gone.
  const muted = after.muted.find((id) => !before.muted.includes(id));
  if (muted) {
    return muted === you
      ? 'The host muted you: you can still play, but not write in the chat.'
      : `The host muted ${name(muted)} in the chat.`;
  }
  const unmuted = before.muted.find((id) => !after.muted.includes(id));
  if (unmuted) {
    return unmuted === you ? 'The host unmuted you.' : `The host unmuted ${name(unmuted)}.`;
  }
  if (before.hostPlayerId !== after.hostPlayerId) {
    return after.hostPlayerId === you
      ? 'You are the host now.'
      : `${after.hostName} is the host now.`;
  }
  if (before.locked !== after.locked) {
    return after.locked
      ? 'The host locked the room: no new players.'
      : 'The host unlocked the room.';
  }
  if (!before.closing && after.closing) return 'The host is closing the room after this round.';
  if (before.paused !== after.paused) {
    return after.paused
      ? 'The host paused the game after this round.'
      : 'The host resumed the game.';
  }
  if (!before.nextSettings && after.nextSettings) {
    return 'The host changed the rules: they start with the next shoe.';
  }
  return null;
}
