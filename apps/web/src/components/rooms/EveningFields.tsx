import { useId } from 'react';
import {
  clockOf,
  nextAt,
  SIT_OUT_CHOICES,
  TOP_UP_CHOICES,
  type EveningForm,
  type FinishKind,
} from '../../rooms/evening-form';
import { NumberField, SelectField, type FieldHelpers } from './fields';

const FINISH_WORDS: Record<FinishKind, string> = {
  none: 'No finish line: play until I close the room',
  rounds: 'After a number of rounds',
  shoes: 'After a number of shoes',
  time: 'At a time',
};
const FINISHES = Object.keys(FINISH_WORDS) as FinishKind[];
// Null stands for "no limit" / "never": a select's value needs a string.
const NONE = 'none';
type Maybe = number | typeof NONE;
const maybe = (n: number | null): Maybe => n ?? NONE;
const fromMaybe = (m: Maybe): number | null => (m === NONE ? null : m);

/**
 * P8.7–P8.9: who may sit, what chips the room plays with, sitting out and the finish line.
 * Everything left as it is makes the room it always was: open, with everyone's own chips.
 */
export function EveningFields({
  evening,
  onChange,
  help,
}: {
  evening: EveningForm;
  onChange: (next: EveningForm) => void;
  help: FieldHelpers;
}) {
  const id = useId();
  const set = <K extends keyof EveningForm>(key: K, value: EveningForm[K]) =>
    onChange({ ...evening, [key]: value });
  const { fieldError, invalid } = help;
  return (
    <>
      <fieldset className="field field--wide choice" data-testid="seating">
        <legend>Who may sit</legend>
        {(
          [
            ['open', 'Anyone with the link', 'They sit down at once, as at any table.'],
            [
              'host-approves',
              'I approve each player',
              'Players ask to sit; you approve or decline. An invite can let its guests straight in.',
            ],
          ] as const
        ).map(([mode, name, detail]) => (
          <label key={mode} className="choice__option">
            <input
              type="radio"
              name={`${id}-seating`}
              data-field={mode === evening.seating ? 'seating' : undefined}
              checked={evening.seating === mode}
              onChange={() => set('seating', mode)}
            />
            <span className="choice__text">
              <strong>{name}</strong>
              <span>{detail}</span>
            </span>
          </label>
        ))}
        {fieldError('seating')}
      </fieldset>

      <fieldset className="field field--wide choice" data-testid="chips-mode">
        <legend>Chips</legend>
        {(
          [
            ['wallet', 'Everyone’s own chips', 'Each player bets from their own balance.'],
            [
              'room',
              'Room chips: everyone starts equal',
              'Each player gets the same stack for tonight; only you top it up. Room chips never leave the room.',
            ],
          ] as const
        ).map(([mode, name, detail]) => (
          <label key={mode} className="choice__option">
            <input
              type="radio"
              name={`${id}-chips`}
              data-field={mode === evening.chips ? 'chips' : undefined}
              checked={evening.chips === mode}
              onChange={() => set('chips', mode)}
            />
            <span className="choice__text">
              <strong>{name}</strong>
              <span>{detail}</span>
            </span>
          </label>
        ))}
        {fieldError('chips')}
      </fieldset>

      {evening.chips === 'room' ? (
        <>
          <NumberField
            field="startingStack"
            label="Starting stack, in chips"
            value={evening.startingStack}
            onChange={(n) => set('startingStack', n)}
            help={help}
          />
          <SelectField
            field="topUps"
            inputId="top-ups"
            label="Top-ups per player tonight"
            value={maybe(evening.topUpsPerNight)}
            choices={TOP_UP_CHOICES.map(maybe)}
            words={(m) => (m === NONE ? 'No limit' : m === 0 ? 'None' : `At most ${m}`)}
            onChange={(m) => set('topUpsPerNight', fromMaybe(m))}
            help={help}
          />
          <div className="field field--wide">
            <label className="check">
              <input
                type="checkbox"
                checked={evening.autoTopUp}
                onChange={(e) => set('autoTopUp', e.target.checked)}
              />
              <span>
                Top up to the starting stack without asking me when a stack is below the minimum
              </span>
            </label>
          </div>
        </>
      ) : null}

      <SelectField
        field="sitOut"
        inputId="sit-out"
        label="Sit a player out after"
        value={maybe(evening.autoSitOutRounds)}
        choices={SIT_OUT_CHOICES.map(maybe)}
        words={(m) => (m === NONE ? 'Never' : `${m} rounds without a bet`)}
        onChange={(m) => set('autoSitOutRounds', fromMaybe(m))}
        hint="They keep the seat until the seat hold runs out."
        help={help}
      />

      <SelectField
        field="finish"
        inputId="finish"
        label="Finish line"
        value={evening.finish}
        choices={FINISHES}
        words={(kind) => FINISH_WORDS[kind]}
        onChange={(kind) => set('finish', kind)}
        wide
        hint={
          evening.finish === 'none'
            ? null
            : 'At the finish the table shows the podium and the room closes.'
        }
        help={help}
      />
      {evening.finish === 'rounds' || evening.finish === 'shoes' ? (
        <NumberField
          field="finish"
          label={evening.finish === 'rounds' ? 'Rounds tonight' : 'Shoes tonight'}
          value={evening.finishCount}
          onChange={(n) => set('finishCount', n)}
          help={{ ...help, id: `${help.id}-count` }}
        />
      ) : null}
      {evening.finish === 'time' ? (
        <div className="field">
          <label htmlFor={`${id}-finish-at`}>Finish at</label>
          <input
            id={`${id}-finish-at`}
            type="time"
            value={clockOf(evening.finishAt)}
            onChange={(e) => set('finishAt', nextAt(e.target.value, Date.now()))}
            {...invalid('finish')}
          />
          <p className="field__hint">The round in play finishes first.</p>
        </div>
      ) : null}
    </>
  );
}
