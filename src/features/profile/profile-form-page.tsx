import type { ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { SetupFlags } from '../../domain/setup-state';
import { paths } from '../../domain/paths';
import { OrderStep } from '../../ui/order-step';
import { ProfileLayout } from '../../ui/profile-nav/profile-nav';

/**
 * Where a profile form is shown: on its profile page, or as a review step of the order flow
 * (under /order, or linked with isOrder=true), where saving returns to the finish step.
 * `formProps` go to the form: in the order flow, back to the summary after saving.
 */
export function useOrderStep(): { inOrder: boolean; formProps: { onSaved?: () => void; submitId?: string } } {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const inOrder = location.startsWith(paths.order.href()) || new URLSearchParams(search).get('isOrder') === 'true';
  return { inOrder, formProps: inOrder ? { onSaved: () => navigate(paths.orderFinish.href()), submitId: 'profile.saveAndBack' } : {} };
}

/** The frame of a profile form: the order flow's step, or the profile page with its side navigation. */
export function ProfileFormPage({ titleId, inOrder, flags, children }: { titleId: string; inOrder: boolean; flags: SetupFlags | null; children: ReactNode }) {
  return inOrder ? (
    <OrderStep titleId={titleId}>{children}</OrderStep>
  ) : (
    <ProfileLayout titleId={titleId} flags={flags}>
      {children}
    </ProfileLayout>
  );
}
