import { useDeviceReminders } from '../../data/hooks/use-device-reminders';
import { ReminderSettings } from '../../ui/reminders/reminder-settings';

/** Dose reminders on this device in the profile (issue 28), as on the dashboard. */
export function ProfileReminders({ customerId }: { customerId: string | null }) {
  const reminders = useDeviceReminders(customerId);
  return (
    <div className="profile-reminders">
      <ReminderSettings {...reminders} />
    </div>
  );
}
