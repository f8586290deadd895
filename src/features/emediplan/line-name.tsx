import type { SheetLine } from '../../domain/emediplan/plan-sheet';
import { Msg } from '../../i18n/msg';

/** A plan line's medication: its name, or its pharmacode where the mirror has no name for it. */
export function LineName({ line }: { line: SheetLine }) {
  return line.name ?? <Msg id="prescriptions.medicationFallback" values={{ pharmacode: line.id }} />;
}
