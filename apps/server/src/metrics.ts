import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Prometheus metrics of one server. Each server has its own registry (tests build several). */
export interface Metrics {
  readonly registry: Registry;
  /** banco_rounds_total{table}: rounds settled. */
  readonly rounds: Counter<'table'>;
  /** banco_bets_total{table,spot}: confirmed bets, one per spot staked. */
  readonly bets: Counter<'table' | 'spot'>;
  /** banco_settle_seconds: time to settle a round in the ledger. */
  readonly settleSeconds: Histogram;
  /** banco_sockets: connected sockets. */
  readonly sockets: Gauge;
  /** banco_commands_total{command,result}: result is `ok` or the error code. */
  readonly commands: Counter<'command' | 'result'>;
  /** banco_command_seconds{command}: from receipt to acknowledgement. */
  readonly commandSeconds: Histogram<'command'>;
  /** banco_table_state_save_failures_total{table}: tries to store a table's state that failed. */
  readonly stateSaveFailures: Counter<'table'>;
  /** banco_tables_not_saving: tables whose latest try to store their state failed (T9.12). */
  readonly tablesNotSaving: Gauge;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    rounds: new Counter({
      name: 'banco_rounds_total',
      help: 'Rounds settled, per table.',
      labelNames: ['table'] as const,
      registers,
    }),
    bets: new Counter({
      name: 'banco_bets_total',
      help: 'Bets confirmed, per table and spot.',
      labelNames: ['table', 'spot'] as const,
      registers,
    }),
    settleSeconds: new Histogram({
      name: 'banco_settle_seconds',
      help: 'Time to settle a round (ledger transaction included).',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
    sockets: new Gauge({
      name: 'banco_sockets',
      help: 'Connected socket.io clients.',
      registers,
    }),
    commands: new Counter({
      name: 'banco_commands_total',
      help: 'Socket commands handled, by command and result (ok or the error code).',
      labelNames: ['command', 'result'] as const,
      registers,
    }),
    commandSeconds: new Histogram({
      name: 'banco_command_seconds',
      help: 'Time from receiving a socket command to acknowledging it.',
      labelNames: ['command'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    }),
    stateSaveFailures: new Counter({
      name: 'banco_table_state_save_failures_total',
      help: 'Tries to store a table state that failed, per table.',
      labelNames: ['table'] as const,
      registers,
    }),
    tablesNotSaving: new Gauge({
      name: 'banco_tables_not_saving',
      help: 'Tables whose latest try to store their state failed: a restart would resume them older.',
      registers,
    }),
  };
}
