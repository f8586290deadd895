import type { Locator } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Opens the part behind a heading's disclosure button (issue 38: on a phone the parts below the
 * first screen are one tap away) unless it is open already; the button then says so.
 */
export async function openDisclosure(heading: Locator): Promise<void> {
  const button = heading.getByRole('button');
  if ((await button.getAttribute('aria-expanded')) === 'false') await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
}
