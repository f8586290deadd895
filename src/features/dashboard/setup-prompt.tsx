import { Link } from 'wouter';
import { paths } from '../../domain/paths';
import { Msg } from '../../i18n/msg';
import type { SetupTodo } from './dashboard-rows';

/**
 * spec §2 dashboard "profile-setup prompt", while the setup is incomplete (§4 hasSetup): what
 * is missing, and the way there — the profile overview, or the send method when that is all
 * that is left.
 */
export function SetupPrompt({ todo }: { todo: readonly SetupTodo[] }) {
  if (todo.length === 0) return null;
  const onlySendMethod = todo.length === 1 && todo[0] === 'sendMethod';
  return (
    <section className="dash-card dash-setup" aria-labelledby="dash-setup-title">
      <h2 id="dash-setup-title">
        <Msg id="dashboard.setup.title" />
      </h2>
      <p>
        <Msg id="dashboard.setup.text" />
      </p>
      <ul className="dash-setup__list">
        {todo.map((step) => (
          <li key={step}>
            <Msg id={`dashboard.setup.step.${step}`} />
          </li>
        ))}
      </ul>
      <Link href={onlySendMethod ? paths.prescriptionsAdd.href() : paths.profileOverview.href()} className="button button--primary">
        <Msg id={onlySendMethod ? 'dashboard.setup.sendLink' : 'dashboard.setup.link'} />
      </Link>
    </section>
  );
}
