import { describe, expect, it } from 'vitest';
import de from '../../lang/de.json';
import fr from '../../lang/fr.json';
import { GENDER_LABEL } from './gender.ts';
import type { GreetingId } from './greeting.ts';
import { INTAKE_PERIOD_LABEL } from './intake-plan.ts';
import { ORDER_STATUSES } from './order-status.ts';

// The domain hands message ids to the UI (spec §2 greeting, §3 gender, §4 order status and
// intake period); each must exist in both catalogues.
const greetings: GreetingId[] = ['greeting.morning', 'greeting.afternoon', 'greeting.evening', 'greeting.night'];
const ids = [
  ...Object.values(ORDER_STATUSES).map((s) => s.label),
  ...Object.values(GENDER_LABEL),
  ...Object.values(INTAKE_PERIOD_LABEL),
  ...greetings,
];

describe('domain message ids', () => {
  it.each([...new Set(ids)])('%s is in de and fr', (id) => {
    expect(de).toHaveProperty([id]);
    expect(fr).toHaveProperty([id]);
  });
});
