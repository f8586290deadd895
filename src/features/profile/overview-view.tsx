import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../domain/paths';
import { holdScreen } from '../../lib/screen-shown';
import { setupSteps } from '../../domain/setup-state';
import { ProfileLayout } from '../../ui/profile-nav/profile-nav';
import { Spinner } from '../../ui/spinner';
import { FROM_COMPLETE_OVERVIEW } from './overview-state';
import { SetupOverview } from './setup-overview';
import { useProfileData } from './use-profile-data';

/**
 * /profile/overview/{showInfo?} (spec §2) as a routed view: with setup complete it redirects to
 * /profile/basedata, which then offers the prescription tutorial. While setup is incomplete the
 * onboarding replaces this route and opens with the same overview (onboarding-view.tsx); here
 * it shows when the setup is complete but a tracked step is not (no order preferences yet):
 * the steps, each linking to its page.
 */
export default function OverviewView({ titleId, params }: { titleId: string; params: Record<string, string | undefined> }) {
  const data = useProfileData();
  const [, navigate] = useLocation();
  const complete = data ? setupSteps(data.flags).every((s) => s.done) : false;
  useEffect(() => {
    if (complete) navigate(paths.profileBaseData.href(), { replace: true, state: { [FROM_COMPLETE_OVERVIEW]: true } });
  }, [complete, navigate]);
  // the screen shown is the base data's: what waits for the screen (the data layer) waits for it
  useEffect(() => (complete ? holdScreen() : undefined), [complete]);
  const info = params.showInfo === '1' ? 1 : params.showInfo === '2' ? 2 : null;
  return (
    <ProfileLayout titleId={titleId} flags={data?.flags ?? null}>
      {/* complete: on its way to the base data (no spinner for a redirect) */}
      {!data ? <Spinner /> : complete ? null : <SetupOverview flags={data.flags} info={info} linked />}
    </ProfileLayout>
  );
}
