import { useSearch } from 'wouter';
import { Spinner } from '../../ui/spinner';
import { HistoryScreen } from './history-screen';
import { useDosesData, useScreenNow } from './use-doses-data';

/** Route /doses/history (issue 24): the adherence history from the mirror (offline alike). */
export default function HistoryView() {
  const data = useDosesData();
  const now = useScreenNow();
  const week = new URLSearchParams(useSearch()).get('week');
  if (data === undefined) return <Spinner />;
  if (data === null) return null;
  return <HistoryScreen data={data} now={now} week={week} />;
}
