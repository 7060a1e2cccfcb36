import type { ReactNode } from 'react';

/** The frame of Banco's reading pages: the brand back to the lobby, a title, the other pages. */
export function PageShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="page">
      <header className="topbar">
        <a href="/lobby/" className="topbar__brand" aria-label="Banco: back to the lobby">
          Banco
        </a>
        <h1 className="topbar__title">{title}</h1>
      </header>
      <div className="page__body">{children}</div>
      <nav className="page__nav" aria-label="More pages">
        <a href="/lobby/">Tables</a>
        <a href="/fairness/">Check a shoe</a>
        <a href="/play-responsibly/">Play responsibly</a>
      </nav>
    </main>
  );
}
