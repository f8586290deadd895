import { Spinner } from '../../ui/spinner';
import { DayScreen } from './day-screen';
import { useDosesData, useScreenNow } from './use-doses-data';

/** Route /doses/day/{day} (issue 24): a past day's plan, filled in afterwards, from the mirror (offline alike). */
export default function DayView({ params }: { params?: Record<string, string | undefined> }) {
  const data = useDosesData();
  const now = useScreenNow();
  if (data === undefined) return <Spinner />;
  if (data === null) return null;
  return <DayScreen data={data} now={now} day={params?.day ?? ''} />;
}
