/** POSIX shell quoting: bare when safe, single quotes otherwise. */
export function shellQuote(value: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(value)) return value;
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** What `banco verify` needs to re-run a revealed shoe (packages/cli: verify). */
export interface VerifyArguments {
  readonly serverSeed: string;
  readonly clientSeed: string;
  readonly shoeNumber: number;
  readonly decks: number;
  readonly cut: number;
  readonly lastHand: string;
  /** C6.2: a Chemin de Fer shoe is re-run with `--game chemin-de-fer`; Punto Banco's is the default. */
  readonly game?: 'punto-banco' | 'chemin-de-fer' | 'baccara-banque';
}

/**
 * The `pnpm banco verify …` command line for a revealed shoe: one source for the server's
 * verification reply and the web's fairness page, so both print what the CLI takes.
 */
export function verifyCommand(shoe: VerifyArguments): string {
  return [
    'pnpm banco verify',
    `--server-seed ${shellQuote(shoe.serverSeed)}`,
    `--client-seed ${shellQuote(shoe.clientSeed)}`,
    `--shoe ${shoe.shoeNumber}`,
    `--decks ${shoe.decks}`,
    `--cut ${shoe.cut}`,
    `--last-hand ${shellQuote(shoe.lastHand)}`,
    ...(shoe.game === undefined || shoe.game === 'punto-banco' ? [] : [`--game ${shoe.game}`]),
  ].join(' ');
}
