/**
 * A card order for the server's test-only TEST_SCRIPTED_SHOE: the burn (the ace is shown and
 * burns one card, R10.3), the given rounds in dealing order (P1 B1 P2 B2, then third cards),
 * then Banker naturals (5D 9S QD JC: Player 5, Banker 9) to fill the shoe past its cut card.
 */
export function scriptedShoe(rounds: readonly (readonly string[])[]): string {
  const cards = ['AS', '10H', ...rounds.flat()];
  while (cards.length < 120) cards.push('5D', '9S', 'QD', 'JC');
  return cards.join(' ');
}
