const VALUE_LABELS = ['0 (10 J Q K)', '1 (A)', '2', '3', '4', '5', '6', '7', '8', '9'];

/**
 * Cards left of each value as bars, each beside a tick for what an evenly spread shoe would
 * hold at this depth, so a rich or short value shows at a glance. The same numbers are listed
 * as text for screen readers.
 */
export function CardsLeftChart({ values, decks }: { values: readonly number[]; decks: number }) {
  const total = values.reduce((sum, n) => sum + n, 0);
  const full = decks * 52;
  // Value 0 has four ranks (16 cards a deck), every other value one (4 a deck).
  const even = values.map((_, v) => ((v === 0 ? 16 : 4) * decks * total) / full);
  const top = Math.max(1, ...values, ...even);
  const width = 300;
  const height = 120;
  const bar = width / values.length;
  const scale = (n: number) => (n / top) * (height - 18);
  return (
    <figure className="cards-left" data-testid="cards-left-chart">
      <figcaption className="cards-left__caption">Cards left by value</figcaption>
      <svg
        className="cards-left__svg"
        viewBox={`0 0 ${width} ${height + 16}`}
        width="100%"
        aria-hidden="true"
      >
        {values.map((count, v) => {
          const x = v * bar;
          const h = scale(count);
          const tick = height - scale(even[v]!);
          return (
            <g
              key={v}
              className={count >= even[v]! ? 'cards-left__bar is-rich' : 'cards-left__bar'}
            >
              <rect x={x + 4} y={height - h} width={bar - 8} height={h} rx={2} />
              <line className="cards-left__even" x1={x + 1} x2={x + bar - 1} y1={tick} y2={tick} />
              <text
                className="cards-left__count"
                x={x + bar / 2}
                y={height - h - 3}
                textAnchor="middle"
              >
                {count}
              </text>
              <text
                className="cards-left__value"
                x={x + bar / 2}
                y={height + 13}
                textAnchor="middle"
              >
                {v}
              </text>
            </g>
          );
        })}
      </svg>
      <ul className="sr-only" data-testid="cards-left-list">
        {values.map((count, v) => (
          <li key={v}>
            Value {VALUE_LABELS[v]}: {count} left, {even[v]!.toFixed(1)} in an evenly spread shoe
          </li>
        ))}
      </ul>
      <p className="cards-left__key">Bars: cards left. Lines: an evenly spread shoe this deep.</p>
    </figure>
  );
}
