export type PracticeSpot = 'player' | 'banker' | 'tie';

const spots = (tiePays: number): { spot: PracticeSpot; name: string; pays: string }[] => [
  { spot: 'player', name: 'Player', pays: 'pays 1 to 1' },
  { spot: 'banker', name: 'Banker', pays: 'pays 1 to 1' },
  { spot: 'tie', name: 'Tie', pays: `pays ${tiePays} to 1` },
];

export interface SpotPickerProps {
  spot: PracticeSpot | null;
  tiePays: number;
  disabled: boolean;
  onPick(spot: PracticeSpot): void;
}

/**
 * One bet a round (T12.1): the spots are one radio group, so picking another moves the stake.
 * The arrow keys move between them as in any radio group.
 */
export function SpotPicker({ spot, tiePays, disabled, onPick }: SpotPickerProps) {
  return (
    <fieldset className="practice-spots" disabled={disabled}>
      <legend>Your bet: pick one</legend>
      {spots(tiePays).map((s) => (
        <label
          key={s.spot}
          className={`practice-spot practice-spot--${s.spot}`}
          data-checked={spot === s.spot ? 'true' : undefined}
        >
          <input
            type="radio"
            name="practice-spot"
            value={s.spot}
            checked={spot === s.spot}
            onChange={() => onPick(s.spot)}
          />
          <span className="practice-spot__name">{s.name}</span>
          <span className="practice-spot__pays">{s.pays}</span>
        </label>
      ))}
    </fieldset>
  );
}
