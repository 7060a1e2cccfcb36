import { Command, CommanderError, Option } from 'commander';
import { EXIT_USAGE, processIo, UsageError, type CliIo } from './io.js';
import { integerIn, oneOf, valueCountList } from './options.js';
import { verify } from './verify.js';
import { odds } from './odds.js';
import { simulate } from './simulate.js';
import { chemin } from './chemin.js';

const LAST_HAND_RULES = ['plus-one', 'finish-current'] as const;
const GAMES = ['punto-banco', 'chemin-de-fer', 'baccara-banque'] as const;

function buildProgram(io: CliIo): Command {
  const program = new Command('banco')
    .description('Banco tools: re-run a revealed shoe, print exact odds, simulate shoes.')
    .exitOverride()
    .showHelpAfterError()
    .configureOutput({
      writeOut: (text) => io.out(text.trimEnd()),
      writeErr: (text) => io.err(text.trimEnd()),
    });

  const decks = () =>
    new Option('--decks <n>', 'decks in the shoe (1–8)')
      .argParser(integerIn(1, 8, '--decks'))
      .default(8);

  program
    .command('verify')
    .description('re-run a revealed shoe from its seeds and print every round (fair shuffle v1)')
    .requiredOption('--server-seed <hex>', 'the revealed server seed (64 lowercase hex characters)')
    .requiredOption('--client-seed <text>', 'the client seed (1–64 printable ASCII characters)')
    .requiredOption(
      '--shoe <n>',
      'the shoe number (≥ 1)',
      integerIn(1, Number.MAX_SAFE_INTEGER, '--shoe'),
    )
    .addOption(decks())
    .addOption(
      new Option('--cut <n>', 'cards behind the cut card')
        .argParser(integerIn(0, 416, '--cut'))
        .default(16),
    )
    .addOption(
      new Option('--last-hand <rule>', 'what happens when the cut card comes out')
        .argParser(oneOf(LAST_HAND_RULES, '--last-hand'))
        .default('plus-one'),
    )
    .addOption(
      new Option('--game <game>', 'the game the shoe was dealt for (C6.2, B6.1)')
        .argParser(oneOf(GAMES, '--game'))
        .default('punto-banco'),
    )
    .action((options) => verify(options, io));

  program
    .command('odds')
    .description('exact probabilities and house edges of every bet')
    .addOption(decks())
    .option(
      '--remaining <counts...>',
      'cards left of each value 0..9 (10 numbers) or rank A..K (13 numbers)',
    )
    .option('--json', 'one JSON object instead of a table')
    .action((options: { decks: number; remaining?: string[]; json?: boolean }) =>
      odds(
        {
          decks: options.decks,
          remaining: options.remaining ? valueCountList(options.remaining.join(' ')) : undefined,
          json: Boolean(options.json),
        },
        io,
      ),
    );

  program
    .command('simulate')
    .description('play whole shoes from random seeds and compare with the exact odds')
    .requiredOption('--shoes <n>', 'shoes to play', integerIn(1, 100_000_000, '--shoes'))
    .addOption(decks())
    .option(
      '--seed <n>',
      'seed of the simulation PRNG (default: random)',
      integerIn(0, 2 ** 32 - 1, '--seed'),
    )
    .action((options) => simulate(options, io));

  program
    .command('chemin')
    .description('Chemin de Fer: exact odds of each choice and the equilibria of the game')
    .addOption(
      new Option('--decks <n>', 'decks in the shoe (1–8)')
        .argParser(integerIn(1, 8, '--decks'))
        .default(6),
    )
    .addOption(
      new Option('--cagnotte <percent>', "the house's share of banker wins (0–5)")
        .argParser(integerIn(0, 5, '--cagnotte'))
        .default(5),
    )
    .option('--punto-sees-cards', 'also solve the game where the punto sees his two cards (slower)')
    .action((options: { decks: number; cagnotte: number; puntoSeesCards?: boolean }) =>
      chemin(options, io),
    );

  return program;
}

/** Runs the CLI and returns its exit code instead of exiting, so tests can call it in-process. */
export async function runCli(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  const program = buildProgram(io);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and --version also end here, with exit code 0.
      return error.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    if (error instanceof UsageError) {
      io.err(`banco: ${error.message}`);
      return EXIT_USAGE;
    }
    throw error;
  }
}
