import { useDeviceReminders } from '../../data/hooks/use-device-reminders';
import { ReminderSettings } from '../../ui/reminders/reminder-settings';

/** Dose reminders on this device, below today's plan (issue 28): on or off by a tap. */
export function DashboardReminders({ customerId }: { customerId: string | null }) {
  const reminders = useDeviceReminders(customerId);
  return (
    <div className="dash-reminders">
      <ReminderSettings {...reminders} />
    </div>
  );
}
