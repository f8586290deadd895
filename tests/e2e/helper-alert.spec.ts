// Issue 41 item 4: a helper asks, on their own phone, to be told when a person's doses are still
// unmarked an hour after their time; the patient, on theirs, sees that she asked and lets the
// alert name the medications; then he removes her, and her phone says so (item 3: "say why").
// Two browsers, each signed in with its own account; a change reaches the other through the
// server (realtime). The push
// itself: tests/backend/missed-dose-alerts.test.ts (the sender) and tests/unit/pwa (the
// notification).
import { catalogues, expect, expectNoAxeViolations, test } from './fixtures';
import { helperOf, patientWithProfile, service, signIn } from './patients';

for (const lang of ['de', 'fr'] as const) {
  test(`${lang}: the helper asks for the missed-dose alert, the patient sees it, allows the names and removes her: her phone says so`, async ({ page, browser }) => {
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
      // she sees whom she helps, by the name the server stored
      const walter = annasPhone.getByRole('region', { name: t['caregivers.helping.title'] }).getByRole('listitem').filter({ hasText: 'Walter' });
      await expect(walter).toHaveCount(1);
      const ask = walter.getByRole('checkbox', { name: t['caregivers.alert.ask'] });
      await expect(ask).not.toBeChecked();
      await ask.check();
      await expect(ask).toBeChecked();
      await expect(ask).toBeEnabled();
      await expect(annasPhone.getByText(t['caregivers.alert.devices'])).toBeVisible();
      await expectNoAxeViolations(annasPhone);
      expect((await service().from('caregiver_grants').select('missed_dose_alert').eq('id', grantId).single()).data).toEqual({ missed_dose_alert: true });

      // the patient's page follows the server: Anna asked
      await expect(annaRow.getByText(t['caregivers.alert.asked'])).toBeVisible({ timeout: 10_000 });
      const names = annaRow.getByRole('checkbox', { name: t['caregivers.alert.names'] });
      await names.check();
      await expect(names).toBeChecked();
      await expect.poll(async () => (await service().from('caregiver_grants').select('alert_shows_names').eq('id', grantId).single()).data?.alert_shows_names).toBe(true);
      await expectNoAxeViolations(page);

      // he removes her: her phone says that he ended it, and offers nothing of his any more
      await annaRow.getByRole('button', { name: t['caregivers.remove'] }).click();
      await expect(walter).toContainText(t['caregivers.endedByPatient'].split('{date}')[0]!, { timeout: 10_000 });
      await expect(walter.getByRole('checkbox')).toHaveCount(0);
      await expect(walter.getByRole('button')).toHaveCount(0);
      await expectNoAxeViolations(annasPhone);
    } finally {
      await helperContext.close();
    }
  });
}
