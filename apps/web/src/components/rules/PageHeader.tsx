const LINKS = [
  { href: '/learn/', label: 'Lesson' },
  { href: '/rules/', label: 'Rules' },
  { href: '/history/', label: 'History' },
  { href: '/lobby/', label: 'Tables' },
] as const;

/** The top bar of the reading pages: home, and the way between the lesson and the pages. */
export function PageHeader({ title, here }: { title: string; here?: string }) {
  return (
    <header className="topbar">
      <a className="topbar__brand" href="/lobby/">
        Banco
      </a>
      <h1 className="topbar__title">{title}</h1>
      <nav className="page__links" aria-label="Learn more">
        {LINKS.map((link) => (
          <a
            key={link.href}
            href={link.href}
            aria-current={link.href === here ? 'page' : undefined}
          >
            {link.label}
          </a>
        ))}
      </nav>
    </header>
  );
}
