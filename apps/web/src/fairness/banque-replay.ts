/**
 * A Baccara Banque shoe re-run on /fairness: the rules package shuffles and burns it from the
 * revealed seeds, and each coup the table recorded must be the shoe's next cards, a legal deal,
 * and its results their totals' (R25, `replayBanqueShoe`). The banker chooses freely (R23.5), so
 * the record's hands, split by its story (P5.1), are what is checked, not a drawing table.
 */
import { baccaraBanque, commitmentOf } from '@banco/rules';
import type { BanqueCoupRow } from '../banque/shoe-coups';
import type { RevealedShoe } from './replay';

export interface BanqueCheckRow {
  readonly number: number;
  readonly same: boolean;
  readonly why: string | null;
}

export type BanqueShoeCheck =
  | {
      ok: true;
      commitment: string;
      burnShown: string;
      /** One per recorded coup that took cards, in coup order. */
      rows: BanqueCheckRow[];
      difference: string | null;
    }
  | { ok: false; message: string };

const NO_STORY = 'the record does not say which hand drew which card (no story)';

export function checkBanqueShoe(
  shoe: RevealedShoe,
  recorded: readonly BanqueCoupRow[],
): BanqueShoeCheck {
  const commitment = commitmentOf(shoe.serverSeed);
  const split = recorded.filter((r) => r.dealt.length > 0);
  const unsplit = split.find((r) => r.hands === null);
  if (unsplit) return { ok: false, message: `Coup ${unsplit.number}: ${NO_STORY}.` };
  const replay = baccaraBanque.replayBanqueShoe(
    {
      serverSeed: shoe.serverSeed,
      clientSeed: shoe.clientSeed,
      shoeNumber: shoe.shoeNumber,
      decks: shoe.decks,
    },
    split.map((r) => ({
      number: r.number,
      right: r.hands!.right.cards,
      left: r.hands!.left.cards,
      banker: r.hands!.banker.cards,
      outcomes: r.voided ? null : r.outcomes,
    })),
  );
  if (!replay.ok) return { ok: false, message: replay.error.message };
  const rows = replay.value.coups.map((c) => ({
    number: c.number,
    same: c.why === null,
    why: c.why,
  }));
  // A coup the shoe ran out before is one the re-run never reached: it differs too.
  const reached = new Set(rows.map((r) => r.number));
  for (const r of split) {
    if (!reached.has(r.number)) {
      rows.push({
        number: r.number,
        same: false,
        why: 'the shoe had no coup left to deal (R20.2)',
      });
    }
  }
  const differing = rows.find((row) => !row.same);
  const difference =
    shoe.commitment !== '' && shoe.commitment !== commitment
      ? `SHA-256 of the server seed is ${commitment}, not the commitment ${shoe.commitment}`
      : differing
        ? `coup ${differing.number}: ${differing.why ?? 'differs'}`
        : null;
  return { ok: true, commitment, burnShown: replay.value.burn.shown, rows, difference };
}
