import { latestById } from '../../../domain/latest-by-id';
import { Msg } from '../../../i18n/msg';
import { Spinner } from '../../../ui/spinner';
import { useProfileData } from '../use-profile-data';
import { SendPrescription } from './send-prescription';

/**
 * /prescriptions/add (spec §2): how the prescription comes. Already chosen: what was chosen, the
 * notice while it is announced but not received, and the way back to the dashboard.
 */
export default function SendPrescriptionView({ titleId }: { titleId: string }) {
  const data = useProfileData();
  const customer = data?.customer ?? null;
  return (
    <section className="page page--narrow" aria-labelledby="send-title">
      <h1 id="send-title">
        <Msg id={titleId} />
      </h1>
      {data === undefined ? (
        <Spinner />
      ) : (
        <SendPrescription
          info={latestById(customer?.webshop_customer_additional_info)}
          customer={customer}
          address={latestById(customer?.webshop_customer_address)}
        />
      )}
    </section>
  );
}
