/**
 * One polite live region for the table: results, your win or loss, your turn. Screen readers
 * read each new message once.
 */
export function Announcer({ message }: { message: string }) {
  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="announcer">
      {message}
    </div>
  );
}
