import { useMemo, useState } from 'react';
import type { CaregiverGrant } from '../../domain/caregivers/grants';
import { useCaregiverCommands, useCaregiverGrants } from '../../data/hooks/use-caregiver-grants';
import { useSetupFlags } from '../../data/hooks/use-setup-flags';
import { useDoseMarkRows } from '../../data/hooks/use-dose-marks';
import { useOrders } from '../../data/hooks/use-orders';
import { lastActions } from '../../domain/caregivers/last-actions';
import { Msg } from '../../i18n/msg';
import { ProfileLayout } from '../../ui/profile-nav/profile-nav';
import { Spinner } from '../../ui/spinner';
import { AcceptForm } from './helpers/accept-form';
import { caregiverErrorId } from './helpers/caregiver-errors';
import { GrantList } from './helpers/grant-list';
import { InviteForm } from './helpers/invite-form';
import './helpers/helpers.css';

/**
 * /profile/helpers (issue 41 items 1, 3): the patient's helpers with what each did last, and invitations — invite by a
 * one-time code shown as text and QR code, withdraw, remove — and, for a helper, the people they
 * help and the acceptance of an invitation. Changes go online to the server (the RPCs); the lists
 * read the mirror.
 */
export default function HelpersView() {
  const flags = useSetupFlags();
  const grants = useCaregiverGrants();
  const { invite, accept, end, alert, alertNames } = useCaregiverCommands();
  const markRows = useDoseMarkRows();
  const orders = useOrders();
  const helperIds = useMemo(() => (grants?.helpers ?? []).flatMap((g) => (g.helper_id ? [g.helper_id] : [])), [grants]);
  const actions = useMemo(() => (markRows && orders ? lastActions(helperIds, markRows, orders) : undefined), [helperIds, markRows, orders]);
  const [busy, setBusy] = useState<string | null>(null);
  const [errorId, setErrorId] = useState<string | null>(null);
  const now = new Date();

  const onEnd = async (grant: CaregiverGrant) => {
    setBusy(grant.id);
    setErrorId(null);
    const result = await end(grant.id);
    setBusy(null);
    if (!result.ok) setErrorId(caregiverErrorId(result.error));
  };

  const onAlert = async (grant: CaregiverGrant, on: boolean, side: 'patient' | 'helper') => {
    setBusy(grant.id);
    setErrorId(null);
    const result = await (side === 'helper' ? alert(grant.id, on) : alertNames(grant.id, on));
    setBusy(null);
    if (!result.ok) setErrorId(caregiverErrorId(result.error));
  };

  /** The patient's helpers, or the people this account helps (undefined while the mirror is read). */
  const section = (which: 'helpers' | 'helping', list: CaregiverGrant[] | undefined) => (
    <section aria-labelledby={`caregivers-${which}-title`}>
      <h2 id={`caregivers-${which}-title`}>
        <Msg id={`caregivers.${which}.title`} />
      </h2>
      {list ? (
        <GrantList
          grants={list}
          side={which === 'helpers' ? 'patient' : 'helper'}
          now={now}
          busy={busy}
          onEnd={(g) => void onEnd(g)}
          onAlert={(g, on) => void onAlert(g, on, which === 'helpers' ? 'patient' : 'helper')}
          lastActions={which === 'helpers' ? actions : undefined}
        />
      ) : (
        <Spinner />
      )}
    </section>
  );

  return (
    <ProfileLayout titleId="title.profileHelpers" flags={flags ?? null}>
      <p>
        <Msg id="caregivers.intro" />
      </p>
      {errorId ? (
        <p className="notice notice--danger" role="alert">
          <Msg id={errorId} />
        </p>
      ) : null}
      {section('helpers', grants?.helpers)}
      <InviteForm onInvite={invite} />
      {section('helping', grants?.helping)}
      <AcceptForm onAccept={accept} />
    </ProfileLayout>
  );
}
