import { Msg } from '../../i18n/msg';

/** The header row of the doses' tables (history and report): one column per name, `doses.col.<name>`. */
export function ColumnHeads({ columns }: { columns: readonly string[] }) {
  return (
    <tr>
      {columns.map((col) => (
        <th key={col} scope="col">
          <Msg id={`doses.col.${col}`} />
        </th>
      ))}
    </tr>
  );
}
