// Issue 41: what a helper sees on a page that belongs to the person's own account (profile, e-mail,
// password, two-factor, helpers) or needs a right the grant does not give: whose data they act for,
// and the way back to their own.
import { Msg, useMsg } from '../../i18n/msg';
import { useActingFor, useSession } from '../../data/hooks/use-session';
import { switchPerson } from './switch-person';

export default function NotForPersonView() {
  const userId = useSession().user?.id ?? null;
  const acting = useActingFor();
  const msg = useMsg();
  const name = acting?.name ?? msg('caregivers.helping.someone');
  return (
    <section className="page page--narrow">
      <h1>
        <Msg id="helping.notForPerson.title" />
      </h1>
      <p>
        <Msg id="helping.notForPerson.text" values={{ name }} />
      </p>
      <p className="button-row">
        <button type="button" className="button button--primary" onClick={() => userId && switchPerson(userId, null)}>
          <Msg id="helping.notForPerson.back" />
        </button>
      </p>
    </section>
  );
}
