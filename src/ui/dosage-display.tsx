import { useIntl } from 'react-intl';
import { formatDosage, type Dosage } from '../domain/dosage';
import { Msg } from '../i18n/msg';
import './dosage-display.css';

/**
 * spec §2/§3: the dosage as four numbers, morning-noon-evening-night ("1-0-1-0"). The
 * numbers are shown with the names of the four periods under them; a screen reader reads
 * one sentence that spells the periods out instead.
 */
export function DosageDisplay({ dosage }: { dosage: Dosage | null }) {
  const intl = useIntl();
  if (!dosage) return <Msg id="prescriptions.dosage.unknown" />;
  const [morning, noon, evening, night] = dosage.map((n) => intl.formatNumber(n, { maximumFractionDigits: 3 }));
  return (
    <>
      <span className="dosage" aria-hidden="true">
        <span className="dosage__numbers">{formatDosage(dosage, intl.locale)}</span>
        <span className="dosage__legend">
          <Msg id="prescriptions.dosage.legend" />
        </span>
      </span>
      <span className="visually-hidden">
        <Msg id="prescriptions.dosage.spoken" values={{ morning, noon, evening, night }} />
      </span>
    </>
  );
}
