import { startBanco } from './banco.js';
import { loadConfig } from './config.js';
import { startEmbeddedPostgres } from './db/embedded.js';
import { migrate } from './db/migrate.js';

/**
 * `pnpm start`: the table server. With DATABASE_URL unset it runs its own Postgres in
 * EMBEDDED_PG_DIR, so a fresh machine needs nothing but Node.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const embedded = config.databaseUrl
    ? null
    : await startEmbeddedPostgres({ dataDir: config.embeddedPgDir, port: config.embeddedPgPort });
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  const { applied } = await migrate(databaseUrl);
  const banco = await startBanco({ config, databaseUrl, logger: { level: config.logLevel } });
  const { url } = await banco.listen();
  if (config.scriptedShoe) {
    banco.app.log.warn(
      'TEST_SCRIPTED_SHOE is set: the main table deals a scripted shoe, not a fair one',
    );
  }
  banco.app.log.info(
    {
      migrations: applied.length,
      database: embedded ? `embedded (${config.embeddedPgDir})` : 'DATABASE_URL',
      web: config.webDir,
    },
    `Banco is dealing at ${url}`,
  );
  // The one line a person needs, plain among the JSON log lines.
  console.log(`\n  Banco is open: ${url}\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // T9.7: whatever hangs (a statement stuck on a lock, a socket that will not close), the
    // process is gone within the deadline; the next start resumes the tables (T9.1).
    // T13.12: one of several nodes first waits (up to DRAIN_MS) for its rounds to end.
    const deadlineMs = config.shutdownDeadlineMs + (config.redisUrl ? config.drainMs : 0);
    setTimeout(() => {
      banco.app.log.error(`${signal}: not stopped after ${deadlineMs} ms; exiting`);
      process.exit(1);
    }, deadlineMs).unref();
    banco.app.log.info(`${signal}: finishing rounds, closing tables and the database`);
    try {
      await banco.shutdown();
      await embedded?.stop();
      process.exit(0);
    } catch (error) {
      banco.app.log.error({ err: error }, `${signal}: the stop failed`);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
