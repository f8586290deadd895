import { Msg } from '../../i18n/msg';
import { Spinner } from '../../ui/spinner';
import { EmediplanScreen } from './emediplan-screen';
import { useEmediplan, useEmediplanCode } from './use-emediplan';
import { useScreenWakeLock } from './use-screen-wake-lock';

/** Route /plan/emediplan: reads the local mirror only, so it shows the same offline. */
export default function EmediplanView() {
  const plan = useEmediplan();
  const code = useEmediplanCode(plan?.doc);
  // the screen stays on while the code is shown (released when the patient leaves)
  const wakeLock = useScreenWakeLock();
  if (plan === undefined) return <Spinner />;
  if (plan === null) {
    return (
      <section className="page" aria-labelledby="emp-title">
        <h1 id="emp-title">
          <Msg id="title.planEmediplan" />
        </h1>
        <p className="notice notice--info">
          <Msg id="emediplan.noRecord" />
        </p>
      </section>
    );
  }
  return <EmediplanScreen plan={plan} code={code} wakeLock={wakeLock} />;
}
