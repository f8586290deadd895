// The patient of the long-list figures (spec §4 Prescriptions, Orders): 200 prescriptions of 200
// products and 500 orders, signed in under the service worker, the pull after sign-in landed.
// The browser benchmark measures the taps to the lists with it; the tap profile
// (tests/bench/profile) traces them.
import type { Page } from '@playwright/test';
import { patientWithProfile, service, signIn, underServiceWorker } from '../e2e/patients';

export async function signInLongListPatient(page: Page): Promise<void> {
  const patient = await patientWithProfile('Lang', 0);
  const db = service();
  const { data: products, error } = await db.from('pharmindex').select('pharmacode').eq('nincd', 10).order('pharmacode').limit(200);
  if (error || !products?.length) throw new Error(`products: ${error?.message}`);
  const codes = (products as Array<{ pharmacode: number }>).map((p) => p.pharmacode);
  const expires = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10);
  const prescriptions = Array.from({ length: 200 }, (_, i) => ({ customer_id: patient.id, medication_id: codes[i % codes.length]!, dosage: [1, 0, 1, 0], expires_at: expires }));
  const inserted = await db.from('webshop_customer_medication').insert(prescriptions);
  if (inserted.error) throw new Error(`prescriptions: ${inserted.error.message}`);
  const orderRows = Array.from({ length: 500 }, (_, i) => ({ customer_id: patient.id, status: i % 5 === 0 ? 0 : 3, street: 'Rosenweg', street_nr: '3', zip: '8400', city: 'Winterthur' }));
  const orders = await db.from('webshop_order').insert(orderRows).select('id');
  if (orders.error) throw new Error(`orders: ${orders.error.message}`);
  const items = (orders.data as Array<{ id: number }>).map((o, i) => ({ order_id: o.id, pharmacode: codes[i % codes.length]!, amount: 1 + (i % 3) }));
  const itemsInserted = await db.from('webshop_order_item').insert(items);
  if (itemsInserted.error) throw new Error(`items: ${itemsInserted.error.message}`);

  await signIn(page, patient);
  await underServiceWorker(page);
  // the pull after sign-in has landed: every order is in the list
  await page.goto('/orders');
  await page.locator('.orders-list > li').nth(399).waitFor({ timeout: 60_000 });
}

/** The two lists: where the navigation leads, and what their items are. */
export const LONG_LISTS = [
  { path: '/prescriptions', link: 'nav.prescriptions', list: '.rx-list > li' },
  { path: '/orders', link: 'nav.orders', list: '.orders-list > li' },
] as const;
