// Issue 41 item 2: every row a helper writes records who wrote it (acted_by, stamped by the
// server), and the patient sees it — a dose ticked off "von Anna", an order "Bestellt von Anna",
// and the profile's list of helpers says what each did last (item 3).
// The helper acts through supabase-js with their own account (RLS applies as for her app; the
// helper acting in the app: helper-acts.spec.ts); the patient's app is the built one, the
// helper's mark reaching it through realtime.
import { catalogues, expect, expectNoAxeViolations, test } from './fixtures';
import { deleteOrders, helperOf, patientWithProfile, service } from './patients';
import { latestZurich } from './zurich-clock';

const LANGS = ['de', 'fr'] as const;
const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

for (const lang of LANGS) {
  test(`${lang}: a dose a helper ticked off and an order a helper placed name the helper to the patient`, async ({ page }) => {
    test.setTimeout(90_000);
    const t = catalogues[lang];
    const patient = await patientWithProfile('Walter', 1, lang);
    const { client: anna } = await helperOf(patient, ['tick', 'order'], 'Anna', lang);
    const at = latestZurich('08:30');
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(at);
    const [rx] = (await service().from('webshop_customer_medication').select('id, medication_id').eq('customer_id', patient.id)).data as { id: number; medication_id: number }[];

    await page.clock.install({ time: at });
    await page.goto(`/${lang}/login`);
    await page.getByLabel(t['auth.field.email']).fill(patient.email);
    await page.getByLabel(t['auth.field.password'], { exact: true }).fill(patient.password);
    await page.getByRole('main').getByRole('button', { name: t['auth.login.submit'] }).click();
    await expect(page.getByRole('navigation').getByRole('button', { name: t['nav.logout'] })).toBeVisible();
    await page.goto(`/${lang}/dashboard`);
    const row = page.getByRole('region', { name: t['dashboard.plan.title'] }).locator('li[aria-current="time"] .dose-row');
    await expect(row).toHaveCount(1);
    await expect(row.locator('.dose-state')).toHaveCount(0);

    // Anna ticks off the morning's dose on her own phone, that morning (the page's clock; later would be "entered later")
    const sent = Date.now();
    const marked = await anna
      .from('webshop_customer_dose_mark')
      .upsert(
        { customer_id: patient.id, prescription_id: rx!.id, pharmacode: rx!.medication_id, day, period: 'morning', status: 'taken', reason: null, marked_at: new Date(at.getTime() + 60_000).toISOString(), device_id: 'annas-phone' },
        { onConflict: 'customer_id,prescription_id,day,period' },
      );
    expect(marked.error).toBeNull();
    await expect(row.locator('.dose-state')).toHaveText(`✓ ${t['doses.status.taken']} ${fill(t['doses.status.by'], { name: 'Anna' })}`, { timeout: 10_000 });
    console.log(`helper-named (${lang}): the patient saw Anna's mark ${Date.now() - sent} ms after she made it`);
    await expect(row.getByRole('button', { pressed: true })).toHaveCount(1);

    // the patient unticks and ticks it again: now it is the patient's own, nobody named
    const check = row.locator('.dose-row__check');
    await check.click();
    await expect(check).toHaveAttribute('aria-pressed', 'false');
    await check.click();
    await expect(check).toHaveAttribute('aria-pressed', 'true');
    await expect(row.locator('.dose-state')).toHaveCount(0);
    await expect.poll(async () => (await service().from('webshop_customer_dose_mark').select('acted_by').eq('customer_id', patient.id).single()).data?.acted_by).toBe(patient.id);

    // Anna orders the medication for him: his orders say who placed it
    const ordered = await anna.rpc('webshop_order', {
      p_customer_id: patient.id, p_medications: { [rx!.medication_id]: 1 }, p_street: 'Rosenweg', p_street_nr: '3', p_address2: null, p_zip: '8400', p_city: 'Winterthur',
      p_comment: null, p_generic: false, p_substitute: true, p_probon: true, p_get_invoice: false, p_idempotency_key: crypto.randomUUID(),
    });
    expect(ordered.error).toBeNull();
    const id = ordered.data as number;
    try {
      await page.goto(`/${lang}/orders?id=${id}`);
      const item = page.locator(`li[data-order-id="${id}"]`);
      const by = item.locator('dt', { hasText: t['orders.item.orderedBy'] });
      await expect(by).toBeVisible({ timeout: 10_000 });
      await expect(item.locator('.order-item__by')).toHaveText('Anna');
      await expectNoAxeViolations(page);

      // the profile lists Anna with what she did last (item 3): her order (her mark was replaced)
      await page.goto(`/${lang}/profile/helpers`);
      const today = new Intl.DateTimeFormat('de-CH', { timeZone: 'Europe/Zurich', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
      const anna = page.locator('.caregiver-grants__item', { hasText: 'Anna' });
      await expect(anna.locator('.caregiver-grants__last')).toHaveText(fill(t['caregivers.lastAction.order'], { date: today }));
      await expectNoAxeViolations(page);
    } finally {
      await deleteOrders([id]);
    }
  });
}
