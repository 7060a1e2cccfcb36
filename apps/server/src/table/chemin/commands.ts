import type { Step } from '../step.js';
import type { TableCommand } from '../inputs.js';

type CheminCommand = Extract<TableCommand, { readonly name: `chemin.${string}` }>;

/** C2: the Chemin de Fer commands; a Punto Banco table has no bank to post or cover. */
export function runCheminCommand(step: Step, _playerId: string, command: CheminCommand): void {
  return step.refuse(
    'WRONG_PHASE',
    `${command.name} is for Chemin de Fer tables; this one plays Punto Banco`,
  );
}
