import { useMemo, useState } from 'react';
import { useDoseMarks } from '../../data/hooks/use-dose-marks';
import { useMedications } from '../../data/hooks/use-medications';
import { useOrders } from '../../data/hooks/use-orders';
import { usePrescriptions } from '../../data/hooks/use-prescriptions';
import { useSetupFlags } from '../../data/hooks/use-setup-flags';
import type { Prescription } from '../../domain/entities';
import { Spinner } from '../../ui/spinner';
import { PrescriptionInformation } from './prescription-information';
import { PrescriptionsScreen } from './prescriptions-screen';
import { prescribedCodes } from './prescriptions-reads';

/** Route /prescriptions (spec §2): reads the local mirror only, so it works offline alike. */
export default function PrescriptionsView() {
  const prescriptions = usePrescriptions();
  // mounted once the prescriptions are known, so the first medication query is for their codes
  // (a live query keeps its previous answer while new arguments are read: no flash of pharmacodes)
  return prescriptions === undefined ? <Spinner /> : <LoadedPrescriptions prescriptions={prescriptions} />;
}

function LoadedPrescriptions({ prescriptions }: { prescriptions: Prescription[] }) {
  const [now] = useState(() => new Date());
  const orders = useOrders();
  const flags = useSetupFlags();
  const pharmacodes = useMemo(() => prescribedCodes(prescriptions), [prescriptions]);
  const medications = useMedications(pharmacodes);
  const marks = useDoseMarks();
  if (orders === undefined || flags === undefined || medications === undefined || marks === undefined) return <Spinner />;
  return (
    <PrescriptionsScreen
      prescriptions={prescriptions}
      orders={orders}
      medications={medications}
      hasSentPrescription={flags.hasSentPrescription}
      now={now}
      marks={marks}
      infoFor={(row) => <PrescriptionInformation row={row} />}
    />
  );
}
