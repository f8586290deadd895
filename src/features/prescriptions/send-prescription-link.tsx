import { Link } from 'wouter';
import { Msg } from '../../i18n/msg';
import { paths } from '../../domain/paths';

/**
 * spec §2: the send button appears only while no prescription has been sent yet
 * (setup flag hasSentPrescription), worded for a first prescription or for one more when
 * the customer already has medication (prescriptions exist). It leads to /prescriptions/add.
 */
export function SendPrescriptionLink({ hasSentPrescription, hasMedication }: { hasSentPrescription: boolean; hasMedication: boolean }) {
  if (hasSentPrescription) return null;
  return (
    <div className="rx-send">
      <p>
        <Msg id={hasMedication ? 'prescriptions.send.moreText' : 'prescriptions.send.firstText'} />
      </p>
      <Link href={paths.prescriptionsAdd.href()} className="button button--primary">
        <Msg id={hasMedication ? 'prescriptions.send.more' : 'prescriptions.send.first'} />
      </Link>
    </div>
  );
}
