// Onboarding, the profile pages and sending a prescription end to end (spec §2 Shell, §3, §4
// Profile setup and Prescription send method, §5 validation, §8): the built app in Chromium
// against the local stack of this run, in German and in French, keyboard and mouse alike.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_STACK_URL } from '../../playwright.config';
import { PHARMACY } from '../../src/ui/pharmacy';
import { catalogues, expect, expectNoAxeViolations, test } from './fixtures';
import { anon, DEMO2, PASSWORD, patientWithProfile, service, signIn, underServiceWorker, withItsFiles } from './patients';

type Catalogue = (typeof catalogues)['de'];
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const fill = (text: string, values: Record<string, string | number>) => Object.entries(values).reduce((s, [k, v]) => s.replace(`{${k}}`, String(v)), text);

async function mailsTo(request: APIRequestContext, to: string): Promise<{ subject: string; text: string }[]> {
  return (await (await request.get(`${E2E_STACK_URL}/mailbox/api/messages?to=${encodeURIComponent(to)}`)).json()) as { subject: string; text: string }[];
}

async function expectStep(page: Page, t: Catalogue, step: number) {
  await expect(page.getByText(fill(t['onboarding.stepOf'], { step, total: 6 }))).toBeVisible();
  await expect(h1(page)).toHaveText(t[`onboarding.title.${step}` as keyof Catalogue]);
}

/** A field by its exact label (a section titled "Adresse und Telefonnummer" must not match "Telefonnummer"). */
const label = (page: Page, text: string) => page.getByLabel(text, { exact: true });

const next = (page: Page, t: Catalogue) => page.getByRole('button', { name: t['onboarding.next'] }).click();

/** Steps 1–5 with a detour through each field's error message (spec §5). */
async function profileSteps(page: Page, t: Catalogue, who: { first: string; last: string }) {
  // a patient who has not begun: the onboarding opens with the setup overview and its welcome (spec §2 overview/1)
  await expect(h1(page)).toHaveText(t['title.onboarding']);
  await expect(page.getByText(t['profile.overview.info1'])).toBeVisible();
  await page.getByRole('button', { name: t['onboarding.overview.start'] }).click();
  await expectStep(page, t, 1);
  await expectNoAxeViolations(page);
  await next(page, t);
  // spec §5 base data: first name, last name, birthday, gender required; focus on the first
  await expect(label(page, t['profile.field.firstName'])).toBeFocused();
  await expect(page.getByText(t['validation.required']).first()).toBeVisible();
  await label(page, t['profile.field.firstName']).fill(who.first);
  await label(page, t['profile.field.lastName']).fill(who.last);
  await label(page, t['profile.field.birthday']).fill('1958-04-12');
  await page.getByRole('radio', { name: t['gender.female'] }).check();
  await next(page, t);

  await expectStep(page, t, 2);
  await label(page, t['profile.field.street']).fill('Rosenweg');
  await label(page, t['profile.field.streetNr']).fill('3');
  await label(page, t['profile.field.zip']).fill('8400');
  await label(page, t['profile.field.city']).fill('Winterthur');
  // spec §5 phone: 0 and nine digits, spaces removed
  await label(page, t['profile.field.phone']).fill('12 34');
  await next(page, t);
  await expect(label(page, t['profile.field.phone'])).toBeFocused();
  await expect(page.getByText(t['validation.phone'])).toBeVisible();
  await label(page, t['profile.field.phone']).fill('079 123 45 67');
  await expectNoAxeViolations(page);
  await next(page, t);

  await expectStep(page, t, 3);
  // the insurer: typed, then chosen from the list with the keyboard
  const insurer = page.getByRole('combobox', { name: t['profile.insurance.insurer'] });
  await insurer.fill('conc');
  await insurer.press('ArrowDown');
  await insurer.press('Enter');
  await expect(insurer).toHaveValue('Concordia');
  // spec §5 card number: 20 digits starting 8075
  await label(page, t['profile.insurance.cardNumber']).fill('1234 5678');
  await label(page, t['profile.insurance.policyNumber']).fill('P-4711');
  await next(page, t);
  await expect(page.getByText(t['validation.cardLength'])).toBeVisible();
  await label(page, t['profile.insurance.cardNumber']).fill('1234 5678 9012 3456 7890');
  await next(page, t);
  await expect(page.getByText(t['validation.cardPrefix'])).toBeVisible();
  await label(page, t['profile.insurance.cardNumber']).fill('8075 6012 3400 1234 5678');
  await expectNoAxeViolations(page);
  await next(page, t);

  await expectStep(page, t, 4);
  // spec §5 questionnaire: weight and size required numbers; the BMI shows as it is typed
  await label(page, t['profile.questionnaire.weight']).fill('siebzig');
  await label(page, t['profile.questionnaire.size']).fill('168');
  await page.getByRole('group', { name: t['profile.questionnaire.hasDiagnoses'] }).getByRole('radio', { name: t['form.yes'] }).check();
  await page.getByRole('checkbox', { name: t['profile.questionnaire.d_high_bp'] }).check();
  await page.getByRole('group', { name: t['profile.questionnaire.hasAllergies'] }).getByRole('radio', { name: t['form.no'] }).check();
  await next(page, t);
  await expect(page.getByText(t['validation.number'])).toBeVisible();
  await label(page, t['profile.questionnaire.weight']).fill('72');
  const bmi = new Intl.NumberFormat(t === catalogues.de ? 'de-CH' : 'fr-CH', { minimumFractionDigits: 1 }).format(25.5);
  await expect(page.getByText(fill(t['profile.questionnaire.bmi'], { bmi }))).toBeVisible();
  // other medications: from 5 letters, 7 hits, "more" loads more
  const search = page.getByRole('searchbox', { name: t['medicationPicker.search'] });
  await search.fill('Para');
  await expect(page.getByText(t['medicationPicker.short'])).toBeVisible();
  await search.fill('Parac');
  const hits = page.getByRole('list', { name: t['medicationPicker.results'] }).getByRole('listitem');
  await expect(hits).toHaveCount(7);
  await page.getByRole('button', { name: t['medicationPicker.more'] }).click();
  await expect.poll(() => hits.count()).toBeGreaterThan(7);
  await hits.first().getByRole('button').click();
  await expect(page.getByRole('list', { name: t['medicationPicker.chosen'] }).getByRole('listitem')).toHaveCount(1);
  await expectNoAxeViolations(page);
  await next(page, t);

  await expectStep(page, t, 5);
  await page.getByRole('checkbox', { name: t['profile.medication.generic'] }).check();
  await expectNoAxeViolations(page);
  await next(page, t);
  await expectStep(page, t, 6);
}

test.describe('onboarding', () => {
  test('the second demo patient completes all six steps in German, with an espace partner, and reaches the finish screen', async ({ page, request }) => {
    test.setTimeout(120_000);
    const t = catalogues.de;
    await signIn(page, DEMO2, '/login');
    await profileSteps(page, t, { first: 'Rita', last: 'Rüegg' });
    // a step back shows the earlier step again, filled in
    await page.getByRole('button', { name: t['onboarding.back'] }).click();
    await expectStep(page, t, 5);
    await expect(page.getByRole('checkbox', { name: t['profile.medication.generic'] })).toBeChecked();
    await next(page, t);
    await expectStep(page, t, 6);

    // spec §5 send method: a method must be chosen (the danger notice); espace needs a location
    await page.getByRole('button', { name: t['sendMethod.submit'] }).click();
    await expect(page.locator('.notifications').getByText(t['sendMethod.success_send_method'])).toBeVisible();
    await page.getByRole('radio', { name: new RegExp(t['sendMethod.espace.title']) }).check();
    await page.getByRole('button', { name: t['sendMethod.submit'] }).click();
    await expect(page.getByText(t['sendMethod.error_espace'])).toBeVisible();
    await expect(page.getByText(t['sendMethod.error_missing_send_all'])).toBeVisible();
    await page.getByRole('radio', { name: t['sendMethod.partnerType.pharmacy'], exact: true }).check();
    await page.getByRole('radio', { name: /Apotheke Zytglogge/ }).check();
    await page.getByRole('group', { name: t['sendMethod.sendAll'] }).getByRole('radio', { name: t['form.no'] }).check();
    await page.getByRole('button', { name: t['sendMethod.submit'] }).click();
    await expect(page.getByText(t['sendMethod.error_missing_description'])).toBeVisible();
    await label(page, t['sendMethod.description']).fill('Blutdrucktabletten');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t['sendMethod.submit'] }).click();

    await expect(page).toHaveURL(/\/onboarding\/finish$/);
    await expect(h1(page)).toHaveText(t['title.onboardingFinish']);
    await page.getByRole('radio', { name: t['sendMethod.sendAsap.yes'] }).check();
    await page.getByRole('button', { name: t['sendMethod.sendAsap.submit'] }).click();
    await expect(page.getByRole('link', { name: t['onboarding.finish.dashboard'] })).toBeVisible();
    await expectNoAxeViolations(page);

    const db = service();
    const { data: customer } = await db
      .from('webshop_customers')
      .select('id, first_name, language, webshop_customer_address(phone), webshop_customer_insurance(insurance, veka_nr), webshop_customer_questionnaire(weight, d_high_bp, external_medications), webshop_customer_order_defaults(generic), webshop_customer_additional_info(prescription_send_method, prescription_location, send_all, description, send_asap)')
      .eq('first_name', 'Rita')
      .single();
    await expect
      .poll(async () => (await db.from('webshop_customer_additional_info').select('send_asap').eq('customer_id', customer!.id).single()).data?.send_asap, { timeout: 10_000 })
      .toBe(true);
    expect(customer).toMatchObject({
      // spec §3 language: written with the base data, the row's first write
      language: 'de',
      webshop_customer_address: [{ phone: '0791234567' }],
      webshop_customer_insurance: [{ insurance: 'Concordia', veka_nr: '80756012340012345678' }],
      webshop_customer_questionnaire: [{ d_high_bp: true }],
      webshop_customer_order_defaults: [{ generic: true }],
      webshop_customer_additional_info: [{ prescription_send_method: 'espace', prescription_location: 'apo-zytglogge', send_all: false, description: 'Blutdrucktabletten' }],
    });
    expect(customer!.webshop_customer_questionnaire[0]!.external_medications).toHaveLength(1);
    // the partner was told, once
    await expect.poll(async () => (await mailsTo(request, 'partner-apo-zytglogge@rezeptpost.ch')).filter((m) => m.text.includes('Rita Rüegg')).length).toBe(1);
  });

  test('a new patient in French chooses the post, prints the prepaid label, and the desk is told', async ({ page, request }) => {
    test.setTimeout(120_000);
    const t = catalogues.fr;
    const email = `nouveau-${randomUUID().slice(0, 8)}@example.test`;
    expect((await anon().auth.signUp({ email, password: PASSWORD, options: { data: { language: 'fr' } } })).error).toBeNull();
    await signIn(page, { email, password: PASSWORD }, '/fr/login', t);
    await profileSteps(page, t, { first: 'Noé', last: 'Favre' });

    await page.getByRole('radio', { name: new RegExp(t['sendMethod.post.title']) }).check();
    // spec §5: doctor and practice names of at least 3 characters
    await label(page, t['sendMethod.docName']).fill('Dr');
    await label(page, t['sendMethod.cpgName']).fill('Cabinet des Vignes');
    await page.getByRole('button', { name: t['sendMethod.submit'] }).click();
    await expect(page.getByText(t['sendMethod.missing_contact_doc'])).toBeVisible();
    await label(page, t['sendMethod.docName']).fill('Dre Martin');
    await page.getByRole('button', { name: t['sendMethod.submit'] }).click();

    await expect(page).toHaveURL(/\/onboarding\/finish$/);
    await expect(page.getByRole('heading', { name: t['sendMethod.label.heading'] })).toBeVisible();
    await expectNoAxeViolations(page);
    // Chromium prints the label page alone (A6); the PDF holds the patient and the pharmacy
    const pdf = await page.pdf({ preferCSSPageSize: true });
    const text = await pdfText(pdf);
    expect(text).toContain('Noé Favre');
    expect(text).toContain('Rosenweg 3');
    expect(text).toContain(PHARMACY.name);
    expect(text).toContain(PHARMACY.street);
    expect(text).toContain('Rezept / Ordonnance');
    await expect.poll(async () => (await mailsTo(request, 'rezepte@rezeptpost.ch')).filter((m) => m.text.includes('Noé Favre')).length, { timeout: 10_000 }).toBe(1);
    // spec §3 language: written with the base data, the row's first write
    expect((await service().from('webshop_customers').select('language').eq('first_name', 'Noé').eq('last_name', 'Favre').single()).data).toEqual({ language: 'fr' });
  });
});

/** The text of a PDF (pdfjs in Node, no canvas needed for text). */
async function pdfText(pdf: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return parts.join('\n').replace(/\s+/g, ' ');
}

test.describe('sending a prescription later', () => {
  // spec §2 /prescriptions/add: the already-sent notice with the way back to the dashboard; §4
  // "Abort and reset" deletes the choice (the onboarding's step 6 comes back); a new choice
  // announces the prescription, and the notice says it is on its way until it is received.
  test('already sent, reset, choose e-mail from the doctor, pending until received', async ({ page }) => {
    test.setTimeout(90_000);
    const t = catalogues.de;
    const P = await patientWithProfile('Rahel');
    await signIn(page, P);
    await page.goto('/prescriptions/add');
    await expect(h1(page)).toHaveText(t['title.prescriptionsAdd']);
    await expect(page.getByText(t['sendMethod.alreadySent'])).toBeVisible();
    await expect(page.getByText(t['sendMethod.pending'])).toBeHidden();
    await expect(page.getByRole('link', { name: t['sendMethod.toDashboard'] })).toHaveAttribute('href', '/dashboard');
    await expectNoAxeViolations(page);

    const infos = async () => (await service().from('webshop_customer_additional_info').select('prescription_send_method, doc_name, handled').eq('customer_id', P.id)).data ?? [];
    await page.getByRole('button', { name: t['sendMethod.reset'] }).click();
    await expect(page.locator('.notifications').getByText(t['sendMethod.resetDone'])).toBeVisible();
    await expectStep(page, t, 6);
    await expect.poll(infos).toEqual([]);

    await page.getByRole('radio', { name: new RegExp(t['sendMethod.email.title']) }).check();
    await label(page, t['sendMethod.docName']).fill('Dr. Keller');
    await label(page, t['sendMethod.cpgName']).fill('Praxis am See');
    await page.getByRole('button', { name: t['sendMethod.submit'] }).click();
    await expect(page).toHaveURL(/\/onboarding\/finish$/);
    await page.getByRole('radio', { name: t['sendMethod.sendAsap.no'] }).check();
    await page.getByRole('button', { name: t['sendMethod.sendAsap.submit'] }).click();
    await expect.poll(infos).toEqual([{ prescription_send_method: 'email', doc_name: 'Dr. Keller', handled: false }]);

    await page.goto('/prescriptions/add');
    await expect(page.getByText(fill(t['sendMethod.chosen.email'], { doctor: 'Dr. Keller', practice: 'Praxis am See' }))).toBeVisible();
    await expect(page.getByText(t['sendMethod.pending'])).toBeVisible();
  });
});

test.describe('profile pages', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a questionnaire saved offline lands once after reconnecting; axe finds nothing on the profile pages', async ({ page, context }) => {
    test.setTimeout(90_000);
    const P = await patientWithProfile('Ines');
    await signIn(page, P);
    await underServiceWorker(page);
    for (const path of ['/profile/overview/1', '/profile/insurance', '/profile/medication', '/prescriptions/add']) {
      await page.goto(path);
      await expect(h1(page)).toBeVisible();
      await expectNoAxeViolations(page);
    }
    // spec §2 /profile: the account pages share the profile's side navigation
    for (const [path, title] of [
      ['/profile/email', 'title.profileEmail'],
      ['/profile/password', 'title.profilePassword'],
      ['/profile/mfa', 'title.profileMfa'],
    ] as const) {
      await page.goto(path);
      await expect(h1(page)).toHaveText(catalogues.de[title]);
      const nav = page.getByRole('navigation', { name: catalogues.de['profile.nav.label'] });
      await expect(nav.getByRole('link', { name: catalogues.de[title] })).toHaveAttribute('aria-current', 'page');
      await expect(nav.getByRole('link', { name: catalogues.de['title.profileBaseData'] })).toBeVisible();
    }
    await page.goto('/profile/questionnaire');
    const weight = label(page, catalogues.de['profile.questionnaire.weight']);
    await expect(weight).toHaveValue('64');
    await expectNoAxeViolations(page);
    await withItsFiles(page);
    await context.setOffline(true);
    await weight.fill('66');
    await page.getByRole('button', { name: catalogues.de['profile.save'] }).click();
    await expect(page.locator('.notifications').getByText(catalogues.de['save.waiting.offline'])).toBeVisible();
    await page.reload();
    await expect(weight).toHaveValue('66');
    await context.setOffline(false);
    const rows = async () => (await service().from('webshop_customer_questionnaire').select('weight').eq('customer_id', P.id)).data ?? [];
    await expect.poll(async () => (await rows()).map((r) => Number(r.weight)), { timeout: 15_000 }).toEqual([66]);
  });
});
