import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { paths } from '../../domain/paths';
import { Spinner } from '../../ui/spinner';
import { useOrderFlow } from './use-order-flow';

/**
 * spec §2 "Any order step with an empty selection redirects to the selection screen": the review
 * steps (address, questionnaire, settings, insurance) show only while the draft holds something
 * orderable. The app layer wraps the profile's forms with it on their /order/… routes.
 */
export function DraftGate({ children }: { children: ReactNode }) {
  const flow = useOrderFlow();
  if (flow === undefined) return <Spinner />;
  if (flow.empty) return <Redirect to={paths.orderSelect.href()} replace />;
  return <>{children}</>;
}
