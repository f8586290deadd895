// The local stack's scheduler of the dose reminders (issue 28): what pg_cron and pg_net do on a
// hosted project (migration 20261125001300_dose_reminders.sql), a timer posting to the sender
// function with the scheduler's secret, every `intervalS` seconds (REMINDER_INTERVAL_S, 60 by
// default; 0 turns it off). Started by main.ts, not by startStack: the tests' stacks send only
// when a test asks.
import type { Stack } from './server.ts';

export function startReminderTimer(stack: Stack, intervalS: number, log: (line: string) => void): () => void {
  const secrets = stack.config.reminders;
  if (!secrets || intervalS <= 0) return () => {};
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const res = await fetch(`${stack.url}/functions/v1/doseReminders`, { method: 'POST', headers: { authorization: `Bearer ${secrets.schedulerSecret}` } });
      const body = (await res.json().catch(() => null)) as { sent?: number; alerts?: { sent?: number } } | null;
      if (!res.ok) log(`dose reminders: the sender answered ${res.status}`);
      else {
        if (body?.sent) log(`dose reminders: ${body.sent} sent`);
        if (body?.alerts?.sent) log(`missed-dose alerts: ${body.alerts.sent} sent`);
      }
    } catch (error) {
      log(`dose reminders: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalS * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
