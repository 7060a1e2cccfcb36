'use client';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { SPOT_LABELS } from '../../bets/spots';
import { edgeText, LAST_HAND_WORDS, RULE_SET_WORDS, type RuleSetName } from '../../lib/room-words';
import type { RoomKind } from '@banco/protocol';
import type { EdgesFor, MainEdges } from '../../lib/house-edges';
import { BanqueFields } from './BanqueFields';
import { CheminFields } from './CheminFields';
import { EveningFields } from './EveningFields';
import { NumberField, SelectField } from './fields';
import { SecondsField } from './SecondsField';
import {
  BETTING_SECONDS,
  DECK_CHOICES,
  DEFAULT_DECKS,
  decksFit,
  newRoomForm,
  fieldOf,
  SEAT_HOLD_CHOICES,
  SEAT_RANGE,
  SIDE_BETS,
  type FormField,
  type RoomForm,
} from '../../rooms/room-form';

export type { EdgesFor, MainEdges };

export type SubmitAnswer =
  { ok: true } | { ok: false; message: string; field?: string | undefined };

export interface RoomSettingsFormProps {
  initial: RoomForm;
  /** 'open' asks for a name too; 'change' edits the settings of the next shoe. */
  mode: 'open' | 'change';
  edgesFor: EdgesFor;
  onSubmit: (form: RoomForm) => Promise<SubmitAnswer>;
  onCancel?: () => void;
}

const RULE_SETS: RuleSetName[] = ['standard', 'no-commission', 'even-money'];

const KIND_WORDS: Record<RoomKind, { name: string; detail: string }> = {
  'punto-banco': {
    name: 'Punto Banco',
    detail: 'Everyone bets on Player, Banker or Tie; the cards follow fixed rules.',
  },
  'chemin-de-fer': {
    name: 'Chemin de Fer',
    detail:
      'One of you holds the bank and the others cover it (“Banco!”); the punto and the banker choose to draw at a few totals.',
  },
  'baccara-banque': {
    name: 'Baccara Banque',
    detail:
      'One of you holds the bank for the whole shoe against two tableaux; each side shares a hand, and the banker draws or stands freely.',
  },
};

/**
 * The private room's settings. The server is the only judge of what is allowed: a refused
 * setting comes back with its dotted path and the message is shown beside that input.
 */
export function RoomSettingsForm({
  initial,
  mode,
  edgesFor,
  onSubmit,
  onCancel,
}: RoomSettingsFormProps) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<RoomForm>(initial);
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof RoomForm>(key: K, value: RoomForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const answer = await onSubmit(form);
    setBusy(false);
    if (answer.ok) {
      setErrors({});
      setGeneral(null);
      return;
    }
    const field = answer.field === undefined ? null : fieldOf(answer.field);
    setErrors(field ? { [field]: answer.message } : {});
    setGeneral(field ? null : answer.message);
    if (field) {
      // Straight to the input that needs changing.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>(`[data-field="${field}"]`)?.focus(),
      );
    }
  };

  const errorId = (field: FormField) => `${id}-${field}-error`;
  const invalid = (field: FormField) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(field) } : {};
  const fieldError = (field: FormField) =>
    errors[field] ? (
      <p className="field__error" id={errorId(field)} data-testid={`error-${field}`}>
        {errors[field]}
      </p>
    ) : null;
  const help = { id, invalid, fieldError };
  const number = (
    field: FormField,
    key: 'minBet' | 'maxBet' | 'tieMax' | 'sideMax' | 'seats' | 'cut',
    label: string,
    hint?: string,
  ) => (
    <NumberField
      field={field}
      label={label}
      value={form[key]}
      onChange={(value) => set(key, value)}
      hint={hint}
      help={help}
    />
  );
  const edges = edgesFor(form.decks, form.commission, form.tiePays);
  const chemin = form.kind === 'chemin-de-fer';
  const banque = form.kind === 'baccara-banque';
  // A game with a banker among the players: no bets on hands, no limits of the house's own.
  const banking = form.kind !== 'punto-banco';

  return (
    <form
      ref={formRef}
      className="room-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={mode === 'open' ? 'Open a private room' : 'Settings for the next shoe'}
    >
      {mode === 'open' ? (
        <Group title="Your room">
          <div className="field field--wide">
            <label htmlFor={`${id}-name`}>Room name</label>
            <input
              id={`${id}-name`}
              data-field="name"
              value={form.name}
              maxLength={20}
              placeholder="Friday night"
              autoFocus
              onChange={(e) => set('name', e.target.value)}
              {...invalid('name')}
            />
            {fieldError('name')}
          </div>
          <fieldset className="field field--wide choice" data-testid="room-kinds">
            <legend>Which game</legend>
            {(Object.keys(KIND_WORDS) as RoomKind[]).map((kind) => (
              <label key={kind} className="choice__option">
                <input
                  type="radio"
                  name={`${id}-kind`}
                  data-field={kind === form.kind ? 'kind' : undefined}
                  checked={form.kind === kind}
                  onChange={() =>
                    setForm((f) => ({
                      ...f,
                      kind,
                      // A deck count still at the other game's default follows the game.
                      decks:
                        f.decks === DEFAULT_DECKS[f.kind] || !decksFit(kind, f.decks)
                          ? DEFAULT_DECKS[kind]
                          : f.decks,
                      bettingSeconds: newRoomForm(kind).bettingSeconds,
                    }))
                  }
                />
                <span className="choice__text">
                  <strong>{KIND_WORDS[kind].name}</strong>
                  <span>{KIND_WORDS[kind].detail}</span>
                </span>
              </label>
            ))}
            {fieldError('kind')}
          </fieldset>
        </Group>
      ) : null}

      <Group title="The game">
        {banque ? null : (
          <SelectField
            field="decks"
            label="Decks in the shoe"
            value={form.decks}
            choices={DECK_CHOICES}
            words={(n) => `${n} ${n === 1 ? 'deck' : 'decks'}`}
            onChange={(n) => set('decks', n)}
            help={help}
          />
        )}
        {banque ? (
          <BanqueFields
            banque={form.banque}
            decks={form.decks}
            onDecks={(n) => set('decks', n)}
            onChange={(next) => set('banque', next)}
            help={help}
          />
        ) : chemin ? (
          <CheminFields chemin={form.chemin} onChange={(next) => set('chemin', next)} help={help} />
        ) : (
          <>
            <fieldset className="field field--wide choice" data-testid="rule-sets">
              <legend>How a Banker win pays</legend>
              {RULE_SETS.map((rule) => {
                const edge = edgesFor(form.decks, rule, form.tiePays);
                return (
                  <label key={rule} className="choice__option">
                    <input
                      type="radio"
                      name={`${id}-commission`}
                      data-field={rule === form.commission ? 'commission' : undefined}
                      checked={form.commission === rule}
                      onChange={() => set('commission', rule)}
                    />
                    <span className="choice__text">
                      <strong>{RULE_SET_WORDS[rule].name}</strong>
                      <span>{RULE_SET_WORDS[rule].detail}</span>
                      <span className="choice__edges" data-testid={`edges-${rule}`}>
                        {edge
                          ? `House edge: Banker ${edgeText(edge.banker)} · Player ${edgeText(edge.player)}`
                          : 'House edges loading…'}
                      </span>
                    </span>
                  </label>
                );
              })}
              {fieldError('commission')}
            </fieldset>

            <fieldset className="field field--wide choice choice--row">
              <legend>A Tie pays</legend>
              {([8, 9] as const).map((pays) => (
                <label key={pays} className="choice__option">
                  <input
                    type="radio"
                    name={`${id}-tie`}
                    data-field={pays === form.tiePays ? 'tiePays' : undefined}
                    checked={form.tiePays === pays}
                    onChange={() => set('tiePays', pays)}
                  />
                  <span>{pays} to 1</span>
                </label>
              ))}
              <p className="field__hint" data-testid="edge-tie">
                {edges ? `House edge on a Tie: ${edgeText(edges.tie)}` : ' '}
              </p>
              {fieldError('tiePays')}
            </fieldset>

            <fieldset className="field field--wide choice choice--row">
              <legend>Side bets</legend>
              {SIDE_BETS.map((spot, i) => (
                <label key={spot} className="choice__option">
                  <input
                    type="checkbox"
                    data-field={i === 0 ? 'sideBets' : undefined}
                    checked={form.sideBets.includes(spot)}
                    onChange={(e) =>
                      set(
                        'sideBets',
                        e.target.checked
                          ? SIDE_BETS.filter((s) => s === spot || form.sideBets.includes(s))
                          : form.sideBets.filter((s) => s !== spot),
                      )
                    }
                  />
                  <span>{SPOT_LABELS[spot]}</span>
                </label>
              ))}
              {fieldError('sideBets')}
            </fieldset>
          </>
        )}
      </Group>

      {banking ? null : (
        <Group title="Limits, in chips">
          {number('minBet', 'minBet', 'Smallest bet')}
          {number('maxBet', 'maxBet', 'Largest Player or Banker bet')}
          {number('tieMax', 'tieMax', 'Largest Tie bet')}
          {form.sideBets.length > 0 ? number('sideMax', 'sideMax', 'Largest side bet') : null}
        </Group>
      )}

      <Group title="Seats and pace">
        {number('seats', 'seats', 'Seats', `${SEAT_RANGE.min} to ${SEAT_RANGE.max}`)}
        {banking ? (
          <div className="field">
            <label htmlFor={`${id}-calls`}>
              {banque ? 'Seconds to bid for the bank or stake' : 'Seconds to post or cover a bank'}
            </label>
            <input
              id={`${id}-calls`}
              data-field="betting"
              type="number"
              inputMode="numeric"
              value={String(form.bettingSeconds ?? BETTING_SECONDS.max)}
              onChange={(e) => set('bettingSeconds', Number(e.target.value))}
              {...invalid('betting')}
            />
            <p className="field__hint">
              {BETTING_SECONDS.min} to {BETTING_SECONDS.max}.{' '}
              {banque
                ? 'The auction closes after this; a punter who has not staked by then covers nothing.'
                : 'A bank not posted in time passes to the next seat; a punter who has not called by then covers nothing.'}
            </p>
            {fieldError('betting')}
          </div>
        ) : null}
        {banking ? null : (
          <>
            <SecondsField
              field="betting"
              label={{
                field: 'Time to bet',
                seconds: 'Seconds to bet',
                labelId: `${id}-betting-label`,
              }}
              off="Untimed: wait until everyone has bet"
              seconds={form.bettingSeconds}
              timedDefault={15}
              onChange={(seconds) => set('bettingSeconds', seconds)}
              timedHint={`Seconds, ${BETTING_SECONDS.min} to ${BETTING_SECONDS.max}`}
              offHint="You get a “Close bets now” button."
              help={help}
            />
            <div className="field">
              <span className="field__label">Turning the cards</span>
              <label className="check">
                <input
                  type="checkbox"
                  data-field="cardTurning"
                  checked={form.cardTurning}
                  onChange={(e) => set('cardTurning', e.target.checked)}
                />
                <span>Players squeeze and turn the cards</span>
              </label>
              <p className="field__hint">
                {form.cardTurning
                  ? 'The biggest bettors turn each hand.'
                  : 'Cards turn over by themselves, one at a time.'}
              </p>
              {fieldError('cardTurning')}
            </div>
          </>
        )}
        <SelectField
          field="seatHold"
          inputId="hold"
          label="Hold a dropped player’s seat"
          value={form.seatHoldSeconds}
          choices={SEAT_HOLD_CHOICES}
          words={(s) => (s < 60 ? `${s} seconds` : s === 60 ? '1 minute' : `${s / 60} minutes`)}
          onChange={(s) => set('seatHoldSeconds', s)}
          help={help}
        />
      </Group>

      {banque ? (
        <p className="field__hint" data-testid="banque-house-facts">
          Baccara Banque’s shoe ends 10 cards from the back: no coup is dealt after the stop card
          comes out. The house’s only share is the cagnotte above.
        </p>
      ) : chemin ? (
        <p className="field__hint">
          Chemin de Fer’s shoe ends 7 cards from the back, after the coup the stop card comes out
          in.
        </p>
      ) : (
        <Group title="End of the shoe">
          {number('cut', 'cut', 'Cards behind the cut card')}
          <SelectField
            field="lastHand"
            inputId="last"
            label="When the cut card comes out"
            value={form.lastHand}
            choices={['plus-one', 'finish-current'] as const}
            words={(rule) => LAST_HAND_WORDS[rule]}
            onChange={(rule) => set('lastHand', rule)}
            wide
            help={help}
          />
        </Group>
      )}

      {mode === 'open' ? (
        <Group title="The evening">
          <EveningFields
            evening={form.evening}
            onChange={(next) => set('evening', next)}
            help={help}
          />
        </Group>
      ) : null}

      {general ? (
        <p className="refusal" role="alert" data-testid="room-form-error">
          {general}
        </p>
      ) : null}
      {Object.keys(errors).length > 0 ? (
        <p className="refusal" role="alert">
          One setting needs changing: see the message beside it.
        </p>
      ) : null}
      <div className="room-form__actions">
        <button type="submit" className="primary big" disabled={busy}>
          {mode === 'open'
            ? busy
              ? 'Opening…'
              : 'Open the room'
            : busy
              ? 'Saving…'
              : 'Use from the next shoe'}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="room-form__group">
      <legend>{title}</legend>
      <div className="room-form__fields">{children}</div>
    </fieldset>
  );
}
