import {
  PROTOCOL_VERSION,
  ProtocolSocket,
  socketIoTransport,
  TableClient,
  type BankOfferView,
  type CheminDeFerView,
} from '@banco/protocol';
import { io } from 'socket.io-client';

export interface CheminBotOptions {
  url: string;
  /** A guest's or a login's token (P0). */
  token: string;
  tableId: string;
  seat: number;
  /** The fresh bank it posts when offered one, in minor units; without it, it declines. */
  bank?: number;
}

/** Sits at `seat` and plays every coup until the function it resolves with is called. */
export async function playChemin(options: CheminBotOptions): Promise<() => void> {
  const { url, token, tableId, seat, bank } = options;
  const socket = new ProtocolSocket(
    socketIoTransport(
      io(url, {
        transports: ['websocket'],
        query: { table: tableId },
        auth: { token, protocolVersion: PROTOCOL_VERSION },
        autoConnect: false,
        reconnection: false,
      }),
    ),
  );
  // Each chemin.updated carries the whole view: answer each question once.
  const asked = new Set<string>();
  const first = (key: string): boolean => {
    if (asked.has(key)) return false;
    asked.add(key);
    return true;
  };
  let view: CheminDeFerView | undefined;

  /** The bank is ours: post it (a riding bank whole, up to twice our own), pass or decline it. */
  const takeBank = (nextCoup: number, offer: Exclude<BankOfferView, { kind: 'vacant' }>) => {
    if (offer.kind === 'ride') {
      return offer.amount <= 2 * (bank ?? 0)
        ? client.postBank(nextCoup, offer.amount)
        : client.passBank();
    }
    return bank === undefined ? client.declineBank() : client.postBank(nextCoup, bank);
  };

  const answer = async ({ offer, coup, nextCoup }: CheminDeFerView) => {
    if (!coup && offer.kind !== 'vacant' && offer.seat === seat) {
      const key = `bank:${nextCoup}:${JSON.stringify(offer)}`;
      if (!first(key)) return;
      const answered = await takeBank(nextCoup, offer);
      // Alone at the table: post again when someone sits down (seat.taken, below).
      if (!answered.ok && answered.code === 'NO_PUNTERS') asked.delete(key);
    } else if (coup?.phase === 'covering' && coup.punters.includes(seat)) {
      if (first(`cover:${coup.coup}`)) await client.cover(coup.coup, { kind: 'avec-la-table' });
    }
  };

  let joined!: () => void;
  let refused!: (error: Error) => void;
  const atTable = new Promise<void>((resolve, reject) => {
    joined = resolve;
    refused = reject;
  });
  const client = new TableClient({
    socket,
    tableId,
    sink: {
      snapshot: (snapshot) => {
        view = snapshot.cheminDeFer;
        joined();
      },
      event: (event) => {
        if (event.type === 'chemin.updated') view = event.view;
        if (view && (event.type === 'chemin.updated' || event.type === 'seat.taken')) {
          void answer(view);
        }
      },
      // Our own face-down cards (C5.3); `odds` is there when the choice is ours to make.
      cheminCards: ({ coup, hand, odds }) => {
        if (!odds || !first(`choice:${coup}:${hand}`)) return;
        const edge = (o: { win: number; lose: number }) => o.win - o.lose;
        const option = edge(odds.draw) >= edge(odds.stand) ? 'draw' : 'stand';
        if (hand === 'punto') void client.choosePunto(coup, option);
        else void client.chooseBanker(coup, option);
      },
      status: (status, refusal) => {
        if (status === 'refused') refused(new Error(`refused: ${refusal?.code}`));
      },
    },
  });
  socket.open();
  await atTable;
  const sat = await client.send('seat.take', { tableId, seat });
  if (!sat.ok) throw new Error(`seat ${seat}: ${sat.code}`);
  return () => {
    client.close();
    socket.close();
  };
}
