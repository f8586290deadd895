import { Link } from 'wouter';
import { paths } from '../../domain/paths';
import { setupSteps, type SetupFlags, type SetupStep } from '../../domain/setup-state';
import { Msg } from '../../i18n/msg';
import './profile-pages.css';

const STEP_LINK: Record<SetupStep, string> = {
  profile: paths.profileBaseData.href(),
  insurance: paths.profileInsurance.href(),
  questionnaire: paths.profileQuestionnaire.href(),
  orderPreferences: paths.profileMedication.href(),
};

/**
 * The setup overview of spec §2 (/profile/overview/{showInfo?}): intro text 1 or 2 when asked,
 * what the pharmacy needs, and the four setup steps of spec §4, each done or to do. As the
 * onboarding's first screen the steps are not links (the onboarding leads through them).
 */
export function SetupOverview({ flags, info, linked }: { flags: SetupFlags; info: 1 | 2 | null; linked: boolean }) {
  return (
    <>
      {info ? (
        <p className="notice notice--info profile-intro">
          <Msg id={`profile.overview.info${info}`} />
        </p>
      ) : null}
      <p>
        <Msg id="profile.overview.intro" />
      </p>
      <ol className="setup-steps">
        {setupSteps(flags).map(({ step, done }) => (
          <li key={step} className={`setup-steps__item${done ? ' setup-steps__item--done' : ''}`}>
            <span className="setup-steps__mark" aria-hidden="true">
              {done ? '✓' : '!'}
            </span>
            {linked ? (
              <Link href={STEP_LINK[step]} className="setup-steps__name">
                <Msg id={`profile.overview.step.${step}`} />
              </Link>
            ) : (
              <span className="setup-steps__name">
                <Msg id={`profile.overview.step.${step}`} />
              </span>
            )}
            <span className={`setup-steps__state${done ? '' : ' setup-steps__state--todo'}`}>
              <Msg id={done ? 'profile.overview.done' : 'profile.overview.todo'} />
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}
