/** The last command the table refused, in words, until the next one or the next round. */
export function RefusalNotice({ notice }: { notice: string | null }) {
  if (!notice) return null;
  return (
    <p className="notice notice--error" role="alert" data-testid="action-refusal">
      {notice}
    </p>
  );
}
