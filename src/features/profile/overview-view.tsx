import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '../../domain/paths';
import { setupSteps, type SetupStep } from '../../domain/setup-state';
import { Msg } from '../../i18n/msg';
import { ProfileLayout } from '../../ui/profile-nav/profile-nav';
import { Spinner } from '../../ui/spinner';
import { FROM_COMPLETE_OVERVIEW } from './overview-state';
import { useProfileData } from './use-profile-data';
import './profile-pages.css';

const STEP_LINK: Record<SetupStep, string> = {
  profile: paths.profileBaseData.href(),
  insurance: paths.profileInsurance.href(),
  questionnaire: paths.profileQuestionnaire.href(),
  orderPreferences: paths.profileMedication.href(),
};

/**
 * /profile/overview/{showInfo?} (spec §2): the four setup steps, each done or to do and linking
 * to its page; showInfo 1 or 2 shows one of the two intro texts. Complete, it redirects to
 * /profile/basedata, which then offers the prescription tutorial.
 */
export default function OverviewView({ titleId, params }: { titleId: string; params: Record<string, string | undefined> }) {
  const data = useProfileData();
  const [, navigate] = useLocation();
  const steps = data ? setupSteps(data.flags) : null;
  const complete = steps?.every((s) => s.done) ?? false;
  useEffect(() => {
    if (complete) navigate(paths.profileBaseData.href(), { replace: true, state: { [FROM_COMPLETE_OVERVIEW]: true } });
  }, [complete, navigate]);
  const info = params.showInfo === '1' || params.showInfo === '2' ? params.showInfo : null;
  return (
    <ProfileLayout titleId={titleId} flags={data?.flags ?? null}>
      {steps === null || complete ? (
        <Spinner />
      ) : (
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
            {steps.map(({ step, done }) => (
              <li key={step} className={`setup-steps__item${done ? ' setup-steps__item--done' : ''}`}>
                <span className="setup-steps__mark" aria-hidden="true">
                  {done ? '✓' : '!'}
                </span>
                <Link href={STEP_LINK[step]} className="setup-steps__link">
                  <Msg id={`profile.overview.step.${step}`} />
                </Link>
                <span className={`setup-steps__state${done ? '' : ' setup-steps__state--todo'}`}>
                  <Msg id={done ? 'profile.overview.done' : 'profile.overview.todo'} />
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
    </ProfileLayout>
  );
}
