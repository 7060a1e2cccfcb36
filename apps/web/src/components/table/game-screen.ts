import type { StoredGuest } from '../../lib/session';
import type { Permissions } from '../../table/permissions';
import type { TableController } from '../../table/use-table-controller';

/** What the page hands a game's screen; the screen fills the table shell's slots with it. */
export interface GameScreenProps {
  table: TableController;
  tableId: string;
  guest: StoredGuest;
  perms: Permissions;
}
