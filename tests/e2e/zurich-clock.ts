// The page's clock for tests and tools that mock it (Playwright's page.clock): an instant on
// the Zurich wall clock that is never ahead of the real one, so the local stack's tokens stay
// valid in the page's eyes and the seed's dates (relative to the server's today) still hold.

/** The latest instant before now that reads hh:mm on a Zurich wall clock (today or a day before). */
export function latestZurich(hhmm: string): Date {
  const now = Date.now() - 5_000;
  for (let daysBack = 0; daysBack < 3; daysBack++) {
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date(now - daysBack * 86_400_000));
    const offset =
      new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Zurich', timeZoneName: 'longOffset' })
        .formatToParts(new Date(`${date}T12:00:00Z`))
        .find((p) => p.type === 'timeZoneName')
        ?.value.replace('GMT', '') ?? '+01:00';
    const at = new Date(`${date}T${hhmm}:00${offset}`);
    if (at.getTime() <= now) return at;
  }
  throw new Error(`no ${hhmm} in Zurich within three days`);
}
