// Dose reminders on this device (issue 28), on the dashboard and in the profile: turned on only
// by a tap (the permission prompt comes then, never on load), off again by a tap; on iOS in the
// browser it explains that reminders need the app on the home screen first. Presentational: the
// state and the actions come from src/data/hooks/use-device-reminders.ts through the screen.
import { useId, useState } from 'react';
import { INTAKE_PERIODS } from '../../domain/intake-plan';
import type { ReminderTimes } from '../../domain/doses/reminder-times';
import { Msg } from '../../i18n/msg';
import { CheckboxField } from '../form/checkbox-field';
import './reminders.css';

export type ReminderSettingsState = 'loading' | 'unsupported' | 'home-screen' | 'denied' | 'off' | 'on';

export interface ReminderSettingsProps {
  state: ReminderSettingsState;
  times: ReminderTimes;
  busy: boolean;
  /** why the last attempt failed (src/data/push/device-reminders.ts EnableError): a `reminders.error.*` message */
  error: string | null;
  showNames: boolean;
  enable: (showNames: boolean) => void | Promise<void>;
  disable: () => void | Promise<void>;
  /** the heading's level where the section stands */
  headingLevel?: 2 | 3;
  /**
   * shown inside a part named elsewhere (the dashboard's disclosure, whose section the button
   * names): no heading and no section of its own, so the page has one region of that name
   */
  inside?: boolean;
}

export function ReminderSettings({ state, times, busy, error, showNames, enable, disable, headingLevel = 2, inside = false }: ReminderSettingsProps) {
  const headingId = useId();
  const errorId = useId();
  const [names, setNames] = useState(showNames);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (state === 'loading') return null;
  const list = INTAKE_PERIODS.map((p) => times[p]).join(', ');
  const Part = inside ? 'div' : 'section';
  return (
    <Part className="reminders" aria-labelledby={inside ? undefined : headingId}>
      {inside ? null : (
        <Heading id={headingId} className="reminders__title">
          <Msg id="reminders.title" />
        </Heading>
      )}
      <p className="reminders__times">
        <Msg id="reminders.times" values={{ times: list }} />
      </p>
      {state === 'unsupported' ? (
        <p>
          <Msg id="reminders.unsupported" />
        </p>
      ) : state === 'home-screen' ? (
        <p>
          <Msg id="reminders.homeScreen" />
        </p>
      ) : state === 'denied' ? (
        <p>
          <Msg id="reminders.denied" />
        </p>
      ) : (
        <>
          <p className="reminders__status" role="status">
            {/* while turning on (the browser's push service may take long): said, never a silent disabled button (issue 38) */}
            <Msg id={state === 'on' ? 'reminders.on' : busy ? 'reminders.busy' : 'reminders.off'} />
          </p>
          <CheckboxField
            name="reminder-names"
            label={<Msg id="reminders.showNames" />}
            checked={names}
            disabled={busy}
            onChange={(event) => {
              const next = event.currentTarget.checked;
              setNames(next);
              // on: the device's row says it at once; off: it goes with the next "turn on"
              if (state === 'on') void enable(next);
            }}
          />
          <p className="reminders__hint">
            <Msg id="reminders.showNamesHint" />
          </p>
          <div className="button-row">
            {state === 'on' ? (
              <button type="button" className="button button--secondary" disabled={busy} onClick={() => void disable()}>
                <Msg id="reminders.turnOff" />
              </button>
            ) : (
              <button type="button" className="button button--primary" disabled={busy} aria-describedby={error ? errorId : undefined} onClick={() => void enable(names)}>
                <Msg id="reminders.turnOn" />
              </button>
            )}
          </div>
        </>
      )}
      {error ? (
        <p id={errorId} className="reminders__error" role="alert">
          <Msg id={`reminders.error.${error}`} />
        </p>
      ) : null}
    </Part>
  );
}
