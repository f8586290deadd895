import { useState } from 'react';
import { CAREGIVER_RIGHTS, grantState, type CaregiverGrant } from '../../../domain/caregivers/grants';
import type { LastAction } from '../../../domain/caregivers/last-actions';
import { Msg } from '../../../i18n/msg';
import { focusNeighbourRow, sectionHeading } from '../../../ui/focus-neighbour';
import { CheckboxField } from '../../../ui/form/checkbox-field';
import { useCalendarDate } from '../../../ui/use-calendar-date';

/** The rights of a grant in words, in the order of the invitation form (the server keeps them sorted by name). */
export function RightsText({ rights }: { rights: readonly string[] }) {
  return (
    <>
      {CAREGIVER_RIGHTS.filter((right) => rights.includes(right)).map((right, i) => (
        <span key={right}>
          {i > 0 ? ', ' : null}
          <Msg id={`caregivers.right.${right}`} />
        </span>
      ))}
    </>
  );
}

/**
 * Grants as a list: `side` patient (their invitations and helpers: withdraw, remove) or helper
 * (the people they help, by name: leave). Ended grants are not listed, but for the helper one the
 * person ended lately, which says so; an expired invitation can still be withdrawn, which clears it.
 */
export function GrantList({
  grants,
  side,
  now,
  busy,
  onEnd,
  onAlert,
  lastActions,
}: {
  grants: readonly CaregiverGrant[];
  side: 'patient' | 'helper';
  now: Date;
  busy: string | null;
  onEnd: (grant: CaregiverGrant) => void;
  /** an active grant's alert setting changed: the helper's missed-dose alert, the patient's names in it */
  onAlert?: (grant: CaregiverGrant, on: boolean) => void;
  /** the patient's side: what each helper did last (by account id), from the mirror */
  lastActions?: ReadonlyMap<string, LastAction>;
}) {
  const formatDate = useCalendarDate();
  const shown = grants.filter((g) => grantState(g, now) !== 'ended' || (side === 'helper' && endedByPatientLately(g, now)));
  if (shown.length === 0) {
    return (
      <p>
        <Msg id={side === 'patient' ? 'caregivers.helpers.none' : 'caregivers.helping.none'} />
      </p>
    );
  }
  return (
    <ul className="caregiver-grants">
      {shown.map((g) => {
        const state = grantState(g, now);
        if (state === 'ended') return <EndedByPatient key={g.id} grant={g} />;
        const action = side === 'helper' ? 'caregivers.leave' : state === 'active' ? 'caregivers.remove' : 'caregivers.withdraw';
        return (
          <li key={g.id} className="caregiver-grants__item">
            <p className="caregiver-grants__name">
              {side === 'helper' ? <PersonName grant={g} /> : state === 'active' ? g.helper_name : <Msg id={`caregivers.state.${state}`} />}
            </p>
            <p>
              <RightsText rights={g.rights} />
            </p>
            <p className="caregiver-grants__since">
              <Msg id={state === 'active' ? 'caregivers.since' : 'caregivers.validUntil'} values={{ date: formatDate(state === 'active' ? (g.accepted_at ?? g.created_at) : g.code_expires_at) }} />
            </p>
            {state === 'active' && side === 'patient' && lastActions ? <LastActionLine action={g.helper_id ? lastActions.get(g.helper_id) : undefined} /> : null}
            {state === 'active' && onAlert ? <AlertSetting grant={g} side={side} busy={busy === g.id} onChange={(on) => onAlert(g, on)} /> : null}
            <button
              type="button"
              className="button"
              disabled={busy === g.id}
              onClick={(event) => {
                // the row goes once the server has it: the focus moves on now, not to the page
                focusNeighbourRow(event.currentTarget, sectionHeading(event.currentTarget));
                onEnd(g);
              }}
            >
              <Msg id={action} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** How long a helper is told that the person ended their help. */
export const ENDED_SHOWN_DAYS = 30;

/** The helper's side: a grant the person themself ended in the last ENDED_SHOWN_DAYS days. */
function endedByPatientLately(grant: CaregiverGrant, now: Date): boolean {
  return grant.revoked_at !== null && grant.revoked_by === grant.patient_id && now.getTime() - Date.parse(grant.revoked_at) < ENDED_SHOWN_DAYS * 86_400_000;
}

/** Whom the helper helps: the name the server stored when they accepted. */
const PersonName = ({ grant }: { grant: CaregiverGrant }) => <>{grant.patient_name ?? <Msg id="caregivers.helping.someone" />}</>;

/** Why a person left the helper's list: they ended the help themself (nothing of theirs is shown any more). */
function EndedByPatient({ grant }: { grant: CaregiverGrant }) {
  const formatDate = useCalendarDate();
  return (
    <li className="caregiver-grants__item caregiver-grants__item--ended">
      <p className="caregiver-grants__name">
        <PersonName grant={grant} />
      </p>
      <p>
        <Msg id="caregivers.endedByPatient" values={{ date: formatDate(grant.revoked_at ?? grant.created_at) }} />
      </p>
    </li>
  );
}

/** A helper's last action on the patient's behalf ("Zuletzt: Einnahme eingetragen am 28.11.2026"), or that there is none yet. */
function LastActionLine({ action }: { action: LastAction | undefined }) {
  const formatDate = useCalendarDate();
  return (
    <p className="caregiver-grants__last">
      {action ? <Msg id={`caregivers.lastAction.${action.kind}`} values={{ date: formatDate(action.at) }} /> : <Msg id="caregivers.lastAction.none" />}
    </p>
  );
}

/**
 * Issue 41 item 4. The helper: a push when the person's doses of a period are still unmarked 60
 * minutes after its time (to the devices where the helper turned reminders on). The patient:
 * whether that push may name the medications, and whether the helper asked for it.
 */
function AlertSetting({ grant, side, busy, onChange }: { grant: CaregiverGrant; side: 'patient' | 'helper'; busy: boolean; onChange: (on: boolean) => void }) {
  // the box shows the choice at once while the server takes it; then the mirror's (the server's
  // answer: on a refusal the former choice, with the page's error)
  const [wanted, setWanted] = useState<boolean | null>(null);
  const stored = side === 'helper' ? grant.missed_dose_alert : grant.alert_shows_names;
  const checked = busy && wanted !== null ? wanted : stored;
  const change = (on: boolean) => {
    setWanted(on);
    onChange(on);
  };
  if (side === 'helper') {
    return (
      <>
        <CheckboxField name={`alert-${grant.id}`} label={<Msg id="caregivers.alert.ask" />} checked={checked} disabled={busy} onChange={(event) => change(event.currentTarget.checked)} />
        {grant.missed_dose_alert ? (
          <p className="caregiver-grants__hint">
            <Msg id="caregivers.alert.devices" />
          </p>
        ) : null}
      </>
    );
  }
  return (
    <>
      <p className="caregiver-grants__hint">
        <Msg id={grant.missed_dose_alert ? 'caregivers.alert.asked' : 'caregivers.alert.notAsked'} />
      </p>
      <CheckboxField name={`alert-names-${grant.id}`} label={<Msg id="caregivers.alert.names" />} checked={checked} disabled={busy} onChange={(event) => change(event.currentTarget.checked)} />
    </>
  );
}
