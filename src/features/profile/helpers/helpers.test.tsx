// @vitest-environment happy-dom
// issue 41 items 1, 3: the patient invites a helper by a one-time code shown as text and QR code,
// sees pending invitations and helpers and withdraws or removes them; the helper accepts with the
// code as given and sees whom they help — in German and French.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import de from '../../../../lang/de.json';
import fr from '../../../../lang/fr.json';
import type { CaregiverGrant } from '../../../domain/caregivers/grants';
import { err, ok } from '../../../domain/result';
import { TestProviders } from '../../../i18n/test-providers';
import { AcceptForm } from './accept-form';
import { GrantList } from './grant-list';
import { InviteForm } from './invite-form';

const NOW = new Date('2026-11-28T12:00:00Z');
const grant = (over: Partial<CaregiverGrant>): CaregiverGrant => ({
  id: 'g1',
  patient_id: 'walter',
  helper_id: null,
  helper_name: null,
  patient_name: null,
  rights: ['see'],
  invited_email: null,
  code_expires_at: '2026-11-29T11:00:00Z',
  created_at: '2026-11-28T11:00:00Z',
  accepted_at: null,
  revoked_at: null,
  revoked_by: null,
  missed_dose_alert: false,
  alert_shows_names: false,
  ...over,
});

describe('InviteForm', () => {
  it('always grants seeing; sends the rights chosen and the e-mail; shows the code as text and QR code', async () => {
    const onInvite = vi.fn(async () => ok({ code: 'ABCD-EFGH-JKMN-PQ01', mailed: true }));
    render(
      <TestProviders>
        <InviteForm onInvite={onInvite} />
      </TestProviders>,
    );
    const see = screen.getByRole('checkbox', { name: de['caregivers.right.see'] }) as HTMLInputElement;
    expect([see.checked, see.disabled]).toEqual([true, true]);
    fireEvent.click(screen.getByRole('checkbox', { name: de['caregivers.right.tick'] }));
    fireEvent.click(screen.getByRole('checkbox', { name: de['caregivers.right.order'] }));
    fireEvent.click(screen.getByRole('checkbox', { name: de['caregivers.right.order'] }));
    fireEvent.change(screen.getByRole('textbox', { name: new RegExp(de['caregivers.invite.email'].replace(/[()]/g, '\\$&')) }), { target: { value: ' anna@example.test ' } });
    fireEvent.click(screen.getByRole('button', { name: de['caregivers.invite.submit'] }));
    await waitFor(() => expect(screen.getByText('ABCD-EFGH-JKMN-PQ01')).toBeTruthy());
    expect(onInvite).toHaveBeenCalledWith(['see', 'tick'], 'anna@example.test');
    expect(screen.getByRole('img', { name: de['caregivers.code.qr'] })).toBeTruthy();
    expect(screen.getByText(de['caregivers.code.once'])).toBeTruthy();
    // issue 41 item 1: invited by e-mail, the code went out by mail too
    expect(screen.getByText(de['caregivers.code.mailed'].replace('{email}', 'anna@example.test'))).toBeTruthy();
  });

  it('says when the mail could not go out (the code is shown to pass on), and nothing of mail without an e-mail', async () => {
    const { unmount } = render(
      <TestProviders>
        <InviteForm onInvite={async () => ok({ code: 'ABCD-EFGH-JKMN-PQ01', mailed: false })} />
      </TestProviders>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: new RegExp(de['caregivers.invite.email'].replace(/[()]/g, '\\$&')) }), { target: { value: 'anna@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: de['caregivers.invite.submit'] }));
    expect(await screen.findByText(de['caregivers.code.mailFailed'].replace('{email}', 'anna@example.test'))).toBeTruthy();
    unmount();
    render(
      <TestProviders lang="fr">
        <InviteForm onInvite={async () => ok({ code: 'ABCD-EFGH-JKMN-PQ01', mailed: null })} />
      </TestProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: fr['caregivers.invite.submit'] }));
    await screen.findByText('ABCD-EFGH-JKMN-PQ01');
    expect(screen.queryByText(/@/)).toBeNull();
  });

  it('the hourly limit of invitations by e-mail is said as such', async () => {
    render(
      <TestProviders>
        <InviteForm onInvite={async () => err('over_email_send_rate_limit')} />
      </TestProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: de['caregivers.invite.submit'] }));
    expect((await screen.findByRole('alert')).textContent).toBe(de['caregivers.error.over_email_send_rate_limit']);
  });

  it('says why the server refused, in French too', async () => {
    render(
      <TestProviders lang="fr">
        <InviteForm onInvite={async () => err('too_many_invitations')} />
      </TestProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: fr['caregivers.invite.submit'] }));
    expect((await screen.findByRole('alert')).textContent).toBe(fr['caregivers.error.too_many_invitations']);
  });
});

describe('AcceptForm', () => {
  it('sends the code as the server reads it, with the name given', async () => {
    const onAccept = vi.fn(async () => ok(null));
    render(
      <TestProviders>
        <AcceptForm onAccept={onAccept} />
      </TestProviders>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: de['caregivers.accept.code'] }), { target: { value: 'abcd efgh jkmn pqo1' } });
    fireEvent.change(screen.getByRole('textbox', { name: new RegExp(de['caregivers.accept.name'].replace(/[()]/g, '\\$&')) }), { target: { value: ' Anna ' } });
    fireEvent.click(screen.getByRole('button', { name: de['caregivers.accept.submit'] }));
    expect((await screen.findByRole('status')).textContent).toBe(de['caregivers.accept.done']);
    expect(onAccept).toHaveBeenCalledWith('ABCDEFGHJKMNPQ01', 'Anna');
  });

  it('refuses a code that cannot be one without asking the server; shows the server\'s answer otherwise', async () => {
    const onAccept = vi.fn(async () => err('invitation_expired'));
    render(
      <TestProviders>
        <AcceptForm onAccept={onAccept} />
      </TestProviders>,
    );
    const code = screen.getByRole('textbox', { name: de['caregivers.accept.code'] });
    fireEvent.change(code, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: de['caregivers.accept.submit'] }));
    expect((await screen.findByRole('alert')).textContent).toBe(de['caregivers.error.invalid_code']);
    expect(onAccept).not.toHaveBeenCalled();
    fireEvent.change(code, { target: { value: 'ABCD-EFGH-JKMN-PQ01' } });
    fireEvent.click(screen.getByRole('button', { name: de['caregivers.accept.submit'] }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(de['caregivers.error.invitation_expired']));
  });
});

describe('GrantList', () => {
  // issue 41 item 4: the helper asks for the missed-dose alert; the patient sees it and allows names
  it('the helper asks for the missed-dose alert of an active grant; told where it arrives', () => {
    const onAlert = vi.fn();
    const active = grant({ id: 'a', helper_id: 'me', accepted_at: '2026-11-20T10:00:00Z' });
    const { rerender } = render(
      <TestProviders>
        <GrantList grants={[active, grant({ id: 'p' })]} side="helper" now={NOW} busy={null} onEnd={() => undefined} onAlert={onAlert} />
      </TestProviders>,
    );
    // the pending invitation has no alert to ask for
    const box = screen.getByRole('checkbox', { name: de['caregivers.alert.ask'] });
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByText(de['caregivers.alert.devices'])).toBeNull();
    fireEvent.click(box);
    expect(onAlert).toHaveBeenCalledWith(active, true);
    rerender(
      <TestProviders lang="fr">
        <GrantList grants={[{ ...active, missed_dose_alert: true }]} side="helper" now={NOW} busy="a" onEnd={() => undefined} onAlert={onAlert} />
      </TestProviders>,
    );
    const asked = screen.getByRole('checkbox', { name: fr['caregivers.alert.ask'] });
    expect((asked as HTMLInputElement).checked).toBe(true);
    // while the server answers, no second change
    expect((asked as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(fr['caregivers.alert.devices'])).toBeTruthy();
  });

  it('the patient sees whether the helper asked, and lets the alert name the medications', () => {
    const onAlert = vi.fn();
    const anna = grant({ id: 'a', helper_id: 'anna', helper_name: 'Anna', accepted_at: '2026-11-20T10:00:00Z', missed_dose_alert: true });
    render(
      <TestProviders>
        <GrantList grants={[anna, grant({ id: 'b', helper_id: 'ben', helper_name: 'Ben', accepted_at: '2026-11-20T10:00:00Z', alert_shows_names: true })]} side="patient" now={NOW} busy={null} onEnd={() => undefined} onAlert={onAlert} />
      </TestProviders>,
    );
    const [annaRow, benRow] = screen.getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(annaRow).getByText(de['caregivers.alert.asked'])).toBeTruthy();
    expect(within(benRow).getByText(de['caregivers.alert.notAsked'])).toBeTruthy();
    expect((within(benRow).getByRole('checkbox', { name: de['caregivers.alert.names'] }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(annaRow).getByRole('checkbox', { name: de['caregivers.alert.names'] }));
    expect(onAlert).toHaveBeenCalledWith(anna, true);
  });

  // issue 41 item 3: the patient's profile lists helpers with their last actions
  it('the patient\'s side names what each helper did last, or that they did nothing yet; in French too', () => {
    const grants = [
      grant({ id: 'a', helper_id: 'anna', helper_name: 'Anna', rights: ['see', 'tick'], accepted_at: '2026-11-20T10:00:00Z' }),
      grant({ id: 'b', helper_id: 'ben', helper_name: 'Ben', rights: ['see', 'order'], accepted_at: '2026-11-20T10:00:00Z' }),
      grant({ id: 'c', helper_id: 'carla', helper_name: 'Carla', accepted_at: '2026-11-20T10:00:00Z' }),
    ];
    const actions = new Map([
      ['anna', { kind: 'dose' as const, at: '2026-11-27T18:30:00Z' }],
      ['ben', { kind: 'order' as const, at: '2026-11-26T09:00:00Z' }],
    ]);
    const { unmount } = render(
      <TestProviders>
        <GrantList grants={grants} side="patient" now={NOW} busy={null} onEnd={() => undefined} lastActions={actions} />
      </TestProviders>,
    );
    const lines = () => screen.getAllByRole('listitem').map((li) => li.querySelector('.caregiver-grants__last')?.textContent);
    expect(lines()).toEqual([
      de['caregivers.lastAction.dose'].replace('{date}', '27.11.2026'),
      de['caregivers.lastAction.order'].replace('{date}', '26.11.2026'),
      de['caregivers.lastAction.none'],
    ]);
    unmount();
    render(
      <TestProviders lang="fr">
        <GrantList grants={grants} side="patient" now={NOW} busy={null} onEnd={() => undefined} lastActions={actions} />
      </TestProviders>,
    );
    expect(lines()[0]).toBe(fr['caregivers.lastAction.dose'].replace('{date}', '27.11.2026'));
  });

  it('the patient\'s side: a helper by name with their rights (remove), an open and an expired invitation (withdraw); ended ones are gone', () => {
    const onEnd = vi.fn();
    const grants = [
      // as the server stores them: sorted by name
      grant({ id: 'active', helper_id: 'anna', helper_name: 'Anna', rights: ['order', 'see', 'tick'], accepted_at: '2026-11-20T10:00:00Z' }),
      grant({ id: 'pending' }),
      grant({ id: 'expired', code_expires_at: '2026-11-28T11:00:00Z' }),
      grant({ id: 'ended', helper_id: 'beat', helper_name: 'Beat', accepted_at: '2026-11-20T10:00:00Z', revoked_at: '2026-11-27T10:00:00Z' }),
    ];
    render(
      <TestProviders>
        <GrantList grants={grants} side="patient" now={NOW} busy={null} onEnd={onEnd} />
      </TestProviders>,
    );
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Anna')).toBeTruthy();
    expect(items[0]!.textContent).toContain(`${de['caregivers.right.see']}, ${de['caregivers.right.tick']}, ${de['caregivers.right.order']}`);
    expect(items[0]!.textContent).toContain('20.11.2026');
    expect(within(items[1]!).getByText(de['caregivers.state.pending'])).toBeTruthy();
    expect(within(items[2]!).getByText(de['caregivers.state.expired'])).toBeTruthy();
    fireEvent.click(within(items[0]!).getByRole('button', { name: de['caregivers.remove'] }));
    fireEvent.click(within(items[1]!).getByRole('button', { name: de['caregivers.withdraw'] }));
    expect(onEnd.mock.calls.map(([g]) => g.id)).toEqual(['active', 'pending']);
  });

  // issue 40 item 7: the row goes with its button — the focus moves on to the next row's
  // button, the row before's, or the section's heading, never to the page
  it('ending a grant hands the focus to the next row, the one before, or the section heading', () => {
    const grants = [grant({ id: 'a', helper_id: 'anna', helper_name: 'Anna', accepted_at: '2026-11-20T10:00:00Z' }), grant({ id: 'b' })];
    const { rerender } = render(
      <TestProviders>
        <section aria-labelledby="t">
          <h2 id="t">{'Helpers'}</h2>
          <GrantList grants={grants} side="patient" now={NOW} busy={null} onEnd={() => {}} />
        </section>
      </TestProviders>,
    );
    const buttons = () => screen.getAllByRole('button');
    fireEvent.click(buttons()[0]!);
    expect(document.activeElement).toBe(buttons()[1]);
    fireEvent.click(buttons()[1]!);
    expect(document.activeElement).toBe(buttons()[0]);
    rerender(
      <TestProviders>
        <section aria-labelledby="t">
          <h2 id="t">{'Helpers'}</h2>
          <GrantList grants={[grants[1]!]} side="patient" now={NOW} busy={null} onEnd={() => {}} />
        </section>
      </TestProviders>,
    );
    fireEvent.click(buttons()[0]!);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 }));
  });

  // issue 41 item 3: the helper sees whom they help, and why a person is gone from the list
  it('the helper\'s side names each person; one who ended the help says so for 30 days, without actions', () => {
    const grants = [
      grant({ id: 'w', helper_id: 'me', patient_name: 'Walter Muster', accepted_at: '2026-11-20T10:00:00Z' }),
      grant({ id: 'x', helper_id: 'me', accepted_at: '2026-11-20T10:00:00Z' }),
      grant({ id: 'e', patient_id: 'erna', helper_id: 'me', patient_name: 'Erna Beispiel', accepted_at: '2026-11-01T10:00:00Z', revoked_at: '2026-11-27T10:00:00Z', revoked_by: 'erna' }),
      // left by the helper themself, and ended by the person long ago: not listed
      grant({ id: 'l', patient_id: 'lena', helper_id: 'me', patient_name: 'Lena', accepted_at: '2026-11-01T10:00:00Z', revoked_at: '2026-11-27T10:00:00Z', revoked_by: 'me' }),
      grant({ id: 'o', patient_id: 'otto', helper_id: 'me', patient_name: 'Otto', accepted_at: '2026-09-01T10:00:00Z', revoked_at: '2026-10-01T10:00:00Z', revoked_by: 'otto' }),
    ];
    render(
      <TestProviders>
        <GrantList grants={grants} side="helper" now={NOW} busy={null} onEnd={() => {}} onAlert={() => {}} />
      </TestProviders>,
    );
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.caregiver-grants__name')?.textContent)).toEqual(['Walter Muster', de['caregivers.helping.someone'], 'Erna Beispiel']);
    const ended = items[2]!;
    expect(ended.textContent).toContain(de['caregivers.endedByPatient'].replace('{date}', '27.11.2026'));
    expect(within(ended).queryByRole('button')).toBeNull();
    expect(within(ended).queryByRole('checkbox')).toBeNull();
    expect(screen.getAllByRole('button', { name: de['caregivers.leave'] })).toHaveLength(2);
  });

  it('the helper\'s side: leave; none at all says so', () => {
    const { unmount } = render(
      <TestProviders lang="fr">
        <GrantList grants={[grant({ helper_id: 'anna', helper_name: 'Anna', accepted_at: '2026-11-20T10:00:00Z' })]} side="helper" now={NOW} busy={null} onEnd={() => {}} />
      </TestProviders>,
    );
    expect(screen.getByRole('button', { name: fr['caregivers.leave'] })).toBeTruthy();
    unmount();
    render(
      <TestProviders>
        <GrantList grants={[]} side="helper" now={NOW} busy={null} onEnd={() => {}} />
      </TestProviders>,
    );
    expect(screen.getByText(de['caregivers.helping.none'])).toBeTruthy();
  });
});

describe('caregiverErrorId', () => {
  it('the server’s codes have their own message in both languages; anything else is the general failure', async () => {
    const { caregiverErrorId } = await import('./caregiver-errors');
    for (const code of ['grant_not_found', 'invitation_expired', 'network']) {
      const id = caregiverErrorId(code);
      expect(id).toBe(`caregivers.error.${code}`);
      expect(de[id as keyof typeof de]).toBeTruthy();
      expect(fr[id as keyof typeof fr]).toBeTruthy();
    }
    expect(caregiverErrorId('PGRST116')).toBe('caregivers.error.failed');
  });
});
