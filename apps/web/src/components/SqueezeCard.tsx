import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { cardSpoken } from '../lib/format';
import { CardFace } from './Card';

const STEP = 25;

/**
 * A face-down card the turner may peel from its corner before revealing it to the table. The
 * face comes from the turner's private peek; nobody else has it until the reveal.
 */
export function SqueezeCard({
  face,
  hand,
  index,
  third,
}: {
  face: string;
  hand: 'player' | 'banker';
  index: number;
  third: boolean;
}) {
  const [peel, setPeel] = useState(0);
  const drag = useRef<{ x: number; y: number; from: number } | null>(null);
  const set = (value: number) => setPeel(Math.max(0, Math.min(100, value)));

  const onKey = (event: KeyboardEvent) => {
    const delta: Record<string, number> = {
      ArrowUp: STEP,
      ArrowRight: STEP,
      ArrowDown: -STEP,
      ArrowLeft: -STEP,
      PageUp: 50,
      PageDown: -50,
    };
    if (event.key === 'Home') set(0);
    else if (event.key === 'End') set(100);
    else if (delta[event.key] !== undefined) set(peel + delta[event.key]!);
    else return;
    event.preventDefault();
  };
  const onDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, from: peel };
  };
  const onMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    // Dragging up or left from the corner lifts it, like bending a real card.
    const pulled = start.x - event.clientX + (start.y - event.clientY);
    set(start.from + pulled * 1.2);
  };
  const onUp = () => {
    drag.current = null;
  };
  // The fold runs from one edge to the other: at 100 it has passed the far corner, face all up.
  const corner = `${100 - 2 * peel}%`;
  return (
    <div
      className={`card card--squeeze${third ? ' card--third' : ''}`}
      data-testid="squeeze-card"
      data-hand={hand}
      role="slider"
      tabIndex={0}
      aria-label={`Squeeze card ${index + 1}`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={peel}
      aria-valuetext={
        peel >= 100 ? cardSpoken(face) : peel > 0 ? `corner lifted ${peel}%` : 'face down'
      }
      onKeyDown={onKey}
      onPointerDown={onDown}
      onPointerMove={onMove}
      onPointerUp={onUp}
      onPointerCancel={onUp}
    >
      <span className="squeeze__back" aria-hidden="true" />
      <span
        className="squeeze__face"
        aria-hidden="true"
        style={{ clipPath: `polygon(100% ${corner}, 100% 100%, ${corner} 100%)` }}
      >
        {peel > 0 ? <CardFace face={face} /> : null}
      </span>
    </div>
  );
}
