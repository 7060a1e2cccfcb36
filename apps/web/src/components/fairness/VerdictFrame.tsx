import { Fragment, type ReactNode } from 'react';

/** Why a shoe, of either game, could not be re-run. */
export function RerunFailed({ message }: { message: string }) {
  return (
    <p className="verdict verdict--error" role="alert" data-testid="fair-verdict">
      This shoe cannot be re-run: {message}
    </p>
  );
}

/** A re-run shoe's verdict, for either game: in words, with the shoe's facts under it. */
export function VerdictFrame({
  verdict,
  children,
  facts,
}: {
  verdict: 'verified' | 'different' | 'replayed';
  children: ReactNode;
  facts: readonly { term: string; value: ReactNode; mono?: boolean }[];
}) {
  return (
    <section
      className={`verdict verdict--${verdict === 'different' ? 'bad' : 'good'}`}
      data-testid="fair-verdict"
      data-verdict={verdict}
      aria-live="polite"
    >
      {children}
      <dl className="facts">
        {facts.map((fact) => (
          <Fragment key={fact.term}>
            <dt>{fact.term}</dt>
            <dd className={fact.mono ? 'mono' : undefined}>{fact.value}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
