import { useSearch } from 'wouter';
import { dateInTimeZone } from '../../domain/zoned-time';
import { Spinner } from '../../ui/spinner';
import { reportRangeOf } from './report-range';
import { ReportScreen } from './report-screen';
import { useDosesData, useScreenNow } from './use-doses-data';

/** Route /doses/report?from=&to= (issue 24): the report for the doctor, from the mirror (offline alike). */
export default function ReportView() {
  const data = useDosesData();
  const now = useScreenNow();
  const query = new URLSearchParams(useSearch());
  const range = reportRangeOf({ from: query.get('from'), to: query.get('to') }, dateInTimeZone(now));
  if (data === undefined) return <Spinner />;
  if (data === null) return null;
  // a new range is a new form (its fields start from the address)
  return <ReportScreen key={`${range.from}|${range.to}`} data={data} now={now} range={range} />;
}
