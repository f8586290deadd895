// @vitest-environment happy-dom
// The new-password form of spec §5 and §8 (same_password, unknown), with supabase-js's
// updateUser answering as auth-js reports the service's errors.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { AuthApiError } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import de from '../../../lang/de.json';
import { supabase } from '../../data/supabase-client';
import { NewPasswordForm } from './new-password-form';
import { alertText, field, renderView, type, cleanViewStateEachTest } from './view-test-support';

cleanViewStateEachTest();

describe('new password (spec §5 password change, §8 same_password / unknown)', () => {
  const submit = (password = 'Neues-Passwort-1', confirmation = password) => {
    type(de['auth.field.newPassword'], password);
    type(de['auth.field.passwordConfirmation'], confirmation);
    fireEvent.click(screen.getByRole('button', { name: de['auth.password.submit'] }));
  };
  const updateUser = () => vi.spyOn(supabase().auth, 'updateUser');

  it("'should be different' (422 same_password): the same-password message, on the field too", async () => {
    updateUser().mockResolvedValue({ data: { user: null }, error: new AuthApiError('New password should be different from the old password.', 422, 'same_password') });
    renderView(<NewPasswordForm />);
    submit();
    expect(await alertText()).toContain(de['validation.passwordSame']);
    const input = field(de['auth.field.newPassword']);
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('any other error: unknown', async () => {
    updateUser().mockResolvedValue({ data: { user: null }, error: new AuthApiError('Password is known to be weak', 422, 'weak_password') });
    renderView(<NewPasswordForm />);
    submit();
    expect(await alertText()).toContain(de['auth.error.unknown']);
  });

  it('sends the password with require_pw_reset false, then reports success', async () => {
    const spy = updateUser().mockResolvedValue({ data: { user: null as never }, error: null });
    const onDone = vi.fn();
    renderView(<NewPasswordForm onDone={onDone} />);
    submit();
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(spy).toHaveBeenCalledWith({ password: 'Neues-Passwort-1', data: { require_pw_reset: false } });
    expect(await screen.findByText(de['auth.password.changed'])).toBeTruthy();
  });

  it('checks length and equality before sending', async () => {
    const spy = updateUser();
    renderView(<NewPasswordForm />);
    act(() => submit('kurz', 'anders'));
    const input = field(de['auth.field.newPassword']);
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(document.getElementById(`${input.id}-error`)?.textContent).toContain(de['validation.passwordMin']);
    expect(spy).not.toHaveBeenCalled();
  });
});
