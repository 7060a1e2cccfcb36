import { TablePage } from '../../src/components/TableScreen';

export default function Table() {
  return <TablePage />;
}
