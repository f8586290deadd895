import { Link } from 'wouter';
import { DELIVERY_DAYS, DELIVERY_HOURS, PROBONS_PER_DELIVERY } from '../../domain/constants';
import { paths } from '../../domain/paths';
import { Msg } from '../../i18n/msg';

/** spec §1/§9 promises, on the dashboard (§2 "advantages"): 48–72 h delivery, no postage, 2 probons per delivery. */
function Advantages() {
  return (
    <section className="dash-advantages" aria-labelledby="dash-advantages-title">
      <h2 id="dash-advantages-title">
        <Msg id="dashboard.advantages.title" />
      </h2>
      <ul className="dash-advantages__list">
        <li>
          <Msg id="dashboard.advantages.delivery" values={{ min: DELIVERY_HOURS.min, max: DELIVERY_HOURS.max, daysMin: DELIVERY_DAYS.min, daysMax: DELIVERY_DAYS.max }} />
        </li>
        <li>
          <Msg id="dashboard.advantages.postage" />
        </li>
        <li>
          <Msg id="dashboard.advantages.probons" values={{ count: PROBONS_PER_DELIVERY }} />
        </li>
      </ul>
    </section>
  );
}

/** spec §2 dashboard "a tutorial": the way to the 4-step prescription tutorial. */
function TutorialLink() {
  return (
    <section className="dash-tutorial" aria-labelledby="dash-tutorial-title">
      <h2 id="dash-tutorial-title">
        <Msg id="dashboard.tutorial.title" />
      </h2>
      <Link href={paths.prescriptionTutorial.href()} className="dash-more">
        <Msg id="dashboard.tutorial.link" />
      </Link>
    </section>
  );
}

/** The advantages and the tutorial, one card (issue 38: the dashboard on few screens). */
export function AboutCard() {
  return (
    <div className="dash-card dash-about">
      <Advantages />
      <TutorialLink />
    </div>
  );
}
