/**
 * Says in words where the round a link points at is (/shoes?…&round=N, from the recap), or why
 * it has no row: called off with no card, or no such round. Every game's rows open with it.
 */
export function LinkedRoundNote({
  unit,
  shoe,
  round,
  night,
  result,
  calledOff = false,
}: {
  /** What the game calls a round. */
  unit: 'round' | 'coup';
  shoe: number;
  round: number;
  /** The same round in the room's count (the recap's), said beside the shoe's own number. */
  night: number | null;
  /** How the round ended, in words; null when it has no row. */
  result: string | null;
  /** A round with no row because it was called off before its cards. */
  calledOff?: boolean;
}) {
  const Unit = unit === 'round' ? 'Round' : 'Coup';
  // The recap counts the night's rounds; this page counts each shoe's, so say both when they differ.
  const named =
    night !== null && night !== round
      ? `Round ${night} of the night, ${unit} ${round} of shoe ${shoe}`
      : `${Unit} ${round} of shoe ${shoe}`;
  const words =
    result !== null
      ? `${named}: ${result}. Its row is highlighted below.`
      : calledOff
        ? `${named} was called off: every stake went back, and it has no cards to show.`
        : `Shoe ${shoe} has no ${unit} ${round} to show.`;
  return (
    <p className="notice" role="status" data-testid="linked-round">
      {words}
    </p>
  );
}
