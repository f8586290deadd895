// Issue 41 item 4: a helper asks, on their own phone, to be told when a person's doses are still
// unmarked an hour after their time; the patient, on theirs, sees that she asked and lets the
// alert name the medications. Two browsers, each signed in with its own account; the change
// reaches the other through the server (realtime, or the pull after the command). The push
// itself: tests/backend/missed-dose-alerts.test.ts (the sender) and tests/unit/pwa (the
// notification).
import { catalogues, expect, expectNoAxeViolations, test } from './fixtures';
import { helperOf, patientWithProfile, service, signIn } from './patients';

for (const lang of ['de', 'fr'] as const) {
  test(`${lang}: the helper asks for the missed-dose alert, the patient sees it and allows the names`, async ({ page, browser }) => {
    test.setTimeout(90_000);
    const t = catalogues[lang];
    const patient = await patientWithProfile('Walter', 1, lang);
    const { helper, grantId } = await helperOf(patient, ['see'], 'Anna', lang);
    await signIn(page, patient, `/${lang}/login`, t);
    await page.goto(`/${lang}/profile/helpers`);
    const annaRow = page.getByRole('region', { name: t['caregivers.helpers.title'] }).getByRole('listitem').filter({ hasText: 'Anna' });
    await expect(annaRow.getByText(t['caregivers.alert.notAsked'])).toBeVisible();

    const helperContext = await browser.newContext({ locale: lang === 'fr' ? 'fr-CH' : 'de-CH', timezoneId: 'Europe/Zurich' });
    try {
      const annasPhone = await helperContext.newPage();
      await signIn(annasPhone, helper, `/${lang}/login`, t);
      await annasPhone.goto(`/${lang}/profile/helpers`);
      const ask = annasPhone.getByRole('region', { name: t['caregivers.helping.title'] }).getByRole('checkbox', { name: t['caregivers.alert.ask'] });
      await expect(ask).not.toBeChecked();
      await ask.check();
      await expect(ask).toBeChecked();
      await expect(ask).toBeEnabled();
      await expect(annasPhone.getByText(t['caregivers.alert.devices'])).toBeVisible();
      await expectNoAxeViolations(annasPhone);
      expect((await service().from('caregiver_grants').select('missed_dose_alert').eq('id', grantId).single()).data).toEqual({ missed_dose_alert: true });
    } finally {
      await helperContext.close();
    }

    // the patient's page follows the server: Anna asked
    await expect(annaRow.getByText(t['caregivers.alert.asked'])).toBeVisible({ timeout: 10_000 });
    const names = annaRow.getByRole('checkbox', { name: t['caregivers.alert.names'] });
    await names.check();
    await expect(names).toBeChecked();
    await expect.poll(async () => (await service().from('caregiver_grants').select('alert_shows_names').eq('id', grantId).single()).data?.alert_shows_names).toBe(true);
    await expectNoAxeViolations(page);
  });
}
