/**
 * For tests: a coup of Baccara Banque played out on every ordering of a tiny shoe, card by card
 * as a croupier deals it (right, left, banker, twice; third cards right then left; then the
 * banker). It knows nothing of the engine's counting: it only deals, and averages what each
 * option of the banker wins over the deals he cannot tell apart.
 */
import { isNatural, puntoDecision } from '../chemin-de-fer/draw-table.js';
import { forEachSequence } from './sequences.js';
import type { TableauView } from '../baccara-banque/banker-position.js';

export interface BruteMoney {
  readonly right: number;
  readonly left: number;
  readonly cheval: number;
  readonly cagnotte?: (net: number) => number;
}

/** One of the banker's positions, with the deals that lead to it. */
export interface BrutePosition {
  readonly bankerTotal: number;
  readonly right: TableauView;
  readonly left: TableauView;
  /** Value counts the banker has not seen. */
  readonly unseen: number[];
  /** Weighted number of deals, and the summed net of each option over them (minor units). */
  weight: number;
  draw: number;
  stand: number;
  /** Summed banker result on each tableau's stake, per option. */
  drawRight: number;
  drawLeft: number;
  standRight: number;
  standLeft: number;
}

export interface BruteCoup {
  readonly positions: Map<string, BrutePosition>;
  /** Weighted deals in all, and the summed net of the deals where the banker had no choice. */
  readonly deals: number;
  readonly noChoiceNet: number;
}

const sign = (banker: number, punto: number) => (banker > punto ? 1 : banker < punto ? -1 : 0);

function netOf(money: BruteMoney, r: number, l: number): number {
  const both = r === l ? r : 0;
  const net = r * money.right + l * money.left + both * money.cheval;
  return net > 0 && money.cagnotte ? net - money.cagnotte(net) : net;
}

/**
 * `shoe` are card values (0–9), every ordering of all of them equally likely. `onFive` is the
 * holders' draw chance on 5 as draw / outOf; a 5 splits the deal into both branches, weighted.
 */
export function bruteCoup(
  shoe: readonly number[],
  money: BruteMoney,
  onFive: { draw: number; outOf: number },
): BruteCoup {
  const positions = new Map<string, BrutePosition>();
  let deals = 0;
  let noChoiceNet = 0;
  const indices = shoe.map((_, i) => i);
  forEachSequence(indices, shoe.length, (order) => {
    const card = order.map((i) => shoe[i]!);
    const scale = onFive.outOf * onFive.outOf;
    deals += scale;
    const [r1, l1, b1, r2, l2, b2] = card as [number, number, number, number, number, number];
    const rt = (r1 + r2) % 10;
    const lt = (l1 + l2) % 10;
    const bt = (b1 + b2) % 10;
    if (isNatural(bt) || (isNatural(rt) && isNatural(lt))) {
      noChoiceNet += scale * netOf(money, sign(bt, rt), sign(bt, lt));
      return;
    }
    // Each tableau's play: [draws?, weight] branches.
    const branches = (total: number): [boolean, number][] => {
      if (isNatural(total)) return [[false, onFive.outOf]];
      const d = puntoDecision(total);
      if (d.kind === 'choice') {
        return [
          [true, onFive.draw],
          [false, onFive.outOf - onFive.draw],
        ];
      }
      return [[d.kind === 'draw', onFive.outOf]];
    };
    for (const [rDraws, rw] of branches(rt)) {
      for (const [lDraws, lw] of branches(lt)) {
        const weight = rw * lw;
        if (weight === 0) continue;
        let next = 6;
        const rThird = rDraws ? card[next++]! : null;
        const lThird = lDraws ? card[next++]! : null;
        const z = card[next]!;
        const seen = [b1, b2];
        const face = (
          cards: [number, number],
          total: number,
          third: number | null,
        ): TableauView => {
          if (isNatural(total)) {
            seen.push(...cards);
            return { state: 'natural' };
          }
          if (third === null) return { state: 'stood' };
          seen.push(third);
          return { state: 'drew', third };
        };
        const right = face([r1, r2], rt, rThird);
        const left = face([l1, l2], lt, lThird);
        const key = `${Math.min(b1, b2)}${Math.max(b1, b2)}|${
          isNatural(rt) ? `N${Math.min(r1, r2)}${Math.max(r1, r2)}` : (rThird ?? 'S')
        }|${isNatural(lt) ? `N${Math.min(l1, l2)}${Math.max(l1, l2)}` : (lThird ?? 'S')}`;
        let position = positions.get(key);
        if (!position) {
          const unseen = new Array<number>(10).fill(0);
          for (const v of shoe) unseen[v]! += 1;
          for (const v of seen) unseen[v]! -= 1;
          position = {
            bankerTotal: bt,
            right,
            left,
            unseen,
            weight: 0,
            draw: 0,
            stand: 0,
            drawRight: 0,
            drawLeft: 0,
            standRight: 0,
            standLeft: 0,
          };
          positions.set(key, position);
        }
        const rFinal = rThird === null ? rt : (rt + rThird) % 10;
        const lFinal = lThird === null ? lt : (lt + lThird) % 10;
        const drawn = (bt + z) % 10;
        // A lone natural was paid against the banker's two cards: his third card cannot touch it.
        const rightAgainst = (banker: number) => sign(isNatural(rt) ? bt : banker, rFinal);
        const leftAgainst = (banker: number) => sign(isNatural(lt) ? bt : banker, lFinal);
        position.weight += weight;
        position.draw += weight * netOf(money, rightAgainst(drawn), leftAgainst(drawn));
        position.stand += weight * netOf(money, rightAgainst(bt), leftAgainst(bt));
        position.drawRight += weight * rightAgainst(drawn) * money.right;
        position.drawLeft += weight * leftAgainst(drawn) * money.left;
        position.standRight += weight * rightAgainst(bt) * money.right;
        position.standLeft += weight * leftAgainst(bt) * money.left;
      }
    }
  });
  return { positions, deals, noChoiceNet };
}
