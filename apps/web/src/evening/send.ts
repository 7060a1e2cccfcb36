import type { CommandPayload, EveningCommandName } from '@banco/protocol';
import type { Answer } from '../table/answer';

/** The evening's commands (P9.7–P9.12), each with what it carries besides the table id. */
export type EveningSend = <N extends EveningCommandName>(
  name: N,
  payload: Omit<CommandPayload<N>, 'tableId'>,
) => Promise<Answer>;
