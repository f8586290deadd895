import { useDeviceReminders } from '../../data/hooks/use-device-reminders';
import { useActingFor } from '../../data/hooks/use-session';
import { Msg } from '../../i18n/msg';
import { ReminderSettings } from '../../ui/reminders/reminder-settings';
import { useDisclosure } from '../../ui/use-disclosure';

const TOGGLE_ID = 'dash-reminders-toggle';
const PANEL_ID = 'dash-reminders-panel';

/**
 * Dose reminders on this device, below today's plan (issue 28): one line saying whether they are
 * on, which opens the settings with a tap (issue 38: the dashboard on few screens). The line has
 * its two rows from the first render: nothing moves when the state is read.
 */
export function DashboardReminders({ customerId }: { customerId: string | null }) {
  // issue 41: a helper acting for a person gets the missed-dose alert instead (/profile/helpers):
  // the person's reminders are the person's devices' own
  return useActingFor() ? null : <DeviceReminders customerId={customerId} />;
}

function DeviceReminders({ customerId }: { customerId: string | null }) {
  const reminders = useDeviceReminders(customerId);
  const settings = useDisclosure(PANEL_ID);
  return (
    <section className="dash-reminders" aria-labelledby={TOGGLE_ID}>
      <h2 className="dash-reminders__head">
        <button type="button" id={TOGGLE_ID} className="dash-reminders__toggle" {...settings.button}>
          <span className="dash-reminders__title">
            <Msg id="reminders.title" />
          </span>
          <span className="dash-reminders__state">
            <span className="visually-hidden">: </span>
            {reminders.state === 'loading' ? '\u00a0' : <Msg id={reminders.state === 'on' ? 'reminders.summary.on' : 'reminders.summary.off'} />}
          </span>
        </button>
      </h2>
      <div className="dash-reminders__panel" {...settings.panel}>
        {settings.open ? <ReminderSettings {...reminders} inside /> : null}
      </div>
    </section>
  );
}
