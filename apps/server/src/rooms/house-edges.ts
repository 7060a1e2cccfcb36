import type { HouseEdgesReply } from '@banco/protocol';
import { deckEdges } from '@banco/rules';

let computed: HouseEdgesReply | undefined;

/** R13.6 for 1 to 8 decks: about 30 ms of counting, done once per process. */
export function houseEdgeTable(): HouseEdgesReply {
  computed ??= Array.from({ length: 8 }, (_, i) => {
    const edges = deckEdges(i + 1);
    if (!edges.ok) throw new Error(edges.error.message);
    return edges.value;
  });
  return computed;
}
