// @vitest-environment happy-dom
// /plan/emediplan: the note that the screen stays on has its line from the first render wherever
// the browser may hold the screen on, so the note arriving moves nothing below it (CLS 0)
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import de from '../../../lang/de.json';
import type { Chmed16aDocument } from '../../domain/emediplan/chmed16a-model';
import { planSheet } from '../../domain/emediplan/plan-sheet';
import { DEFAULT_PERIOD_TIMES } from '../../domain/plan-settings';
import type { CustomerId } from '../../domain/entities';
import { TestProviders } from '../../i18n/test-providers';
import { EmediplanScreen } from './emediplan-screen';
import type { Emediplan } from './use-emediplan';
import type { WakeLockState } from './use-screen-wake-lock';

const DOC: Chmed16aDocument = {
  Patient: { FName: 'Zoé', LName: 'Müller', BDt: '1958-04-03', Gender: 2, Lng: 'de' },
  Medicaments: [{ Id: '2333266', IdType: 3, Pos: [{ DtFrom: '2026-03-20', DtTo: '2026-06-30', D: [1, 0, 1, 0] }], Unit: 'Tabl' }],
  MedType: 1,
  Id: '9196a4e4-3439-4714-b89a-89402db30c02',
  Auth: 'patient',
  Dt: '2026-03-20T10:00:00+01:00',
};
const PLAN: Emediplan = { customerId: 'u1' as CustomerId, doc: DOC, sheet: planSheet(DOC, () => 'Dafalgan Tabl 1 g'), times: DEFAULT_PERIOD_TIMES, settings: null };

const awakeNote = (wakeLock: WakeLockState) => {
  const view = render(
    <TestProviders lang="de" path="/plan/emediplan">
      <EmediplanScreen plan={PLAN} code={null} wakeLock={wakeLock} />
    </TestProviders>,
  );
  const note = [...view.container.querySelectorAll('p')].find((p) => p.textContent === de['emediplan.awake']);
  view.unmount();
  return note ? { shown: !note.classList.contains('emp-awake--off') } : null;
};

describe('EmediplanScreen: the note that the screen stays on', () => {
  it('keeps its line, unsaid, while the lock is asked for or was refused; said once held', () => {
    expect(awakeNote('pending')).toEqual({ shown: false });
    expect(awakeNote('refused')).toEqual({ shown: false });
    expect(awakeNote('held')).toEqual({ shown: true });
  });

  it('has no line where the browser has no wake lock', () => {
    expect(awakeNote('unavailable')).toBeNull();
  });
});
