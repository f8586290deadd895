import { Link } from 'wouter';
import { latestById } from '../../../domain/latest-by-id';
import { paths } from '../../../domain/paths';
import { sendMethodStage } from '../../../domain/send-method';
import { Msg } from '../../../i18n/msg';
import { Spinner } from '../../../ui/spinner';
import { SendPrescription } from '../send-method/send-prescription';
import { useProfileData } from '../use-profile-data';
import './onboarding.css';

/**
 * /onboarding/finish (spec §2): the profile is done. If the way of the prescription was just
 * chosen, its send-asap question comes here; then the next actions — send a prescription, the
 * tutorial, the dashboard.
 */
export default function FinishView({ titleId }: { titleId: string }) {
  const data = useProfileData();
  if (data === undefined) return <Spinner />;
  const customer = data.customer;
  const info = latestById(customer?.webshop_customer_additional_info);
  const stage = sendMethodStage(info);
  return (
    <section className="page page--narrow onboarding-finish" aria-labelledby="finish-title">
      <h1 id="finish-title">
        <Msg id={titleId} />
      </h1>
      <p className="notice notice--info">
        <Msg id={data.flags.hasSetup ? 'onboarding.finish.complete' : 'onboarding.finish.noPrescription'} values={{ name: customer?.first_name ?? '' }} />
      </p>
      {stage === 'sendAsap' ? <SendPrescription info={info} customer={customer} address={latestById(customer?.webshop_customer_address)} onFinished={() => undefined} /> : null}
      <h2>
        <Msg id="onboarding.finish.next" />
      </h2>
      <ul className="onboarding-finish__actions">
        {stage === 'choose' ? (
          <li>
            <Link href={paths.prescriptionsAdd.href()} className="button button--primary">
              <Msg id="onboarding.finish.send" />
            </Link>
          </li>
        ) : null}
        <li>
          <Link href={paths.prescriptionTutorial.href()} className="button button--secondary">
            <Msg id="onboarding.finish.tutorial" />
          </Link>
        </li>
        <li>
          <Link href={paths.dashboard.href()} className="button button--secondary">
            <Msg id="onboarding.finish.dashboard" />
          </Link>
        </li>
      </ul>
    </section>
  );
}
