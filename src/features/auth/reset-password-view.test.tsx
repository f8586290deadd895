// @vitest-environment happy-dom
// The password reset request of spec §4 and §8 against stubbed auth answers (the real
// supabase-js client builds the errors).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import de from '../../../lang/de.json';
import ResetPasswordView from './reset-password-view';
import { apiError, renderView, stubAuth, type, cleanViewStateEachTest } from './view-test-support';

cleanViewStateEachTest();

describe('password reset request (spec §4, §8 "does not reveal whether the e-mail exists")', () => {
  const send = () => {
    type(de['auth.field.email'], 'someone@example.test');
    fireEvent.click(screen.getByRole('button', { name: de['auth.reset.submit'] }));
  };

  it('asks /recover with the reset redirect and shows the sent confirmation', async () => {
    const { requests } = stubAuth({ status: 200, body: {} });
    renderView(<ResetPasswordView />, { path: '/resetPassword' });
    send();
    const heading = await screen.findByRole('heading', { level: 2, name: de['auth.reset.sentTitle'] });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(/someone@example\.test/)).toBeTruthy();
    expect(requests[0]?.url).toContain('/auth/v1/recover');
    expect(requests[0]?.url).toContain(`redirect_to=${encodeURIComponent(`${location.origin}/profile/password/reset`)}`);
  });

  it.each([
    [apiError(429, 'over_email_send_rate_limit'), 'auth.reset.failed'],
    [apiError(422, 'validation_failed'), 'auth.reset.failed'],
    // auth-js raises AuthRetryableFetchError for 500 and 502–504: tried twice, then "try again later"
    [apiError(500, 'unexpected_failure'), 'auth.error.retryable'],
    [new TypeError('Failed to fetch'), 'auth.error.checkConnection'],
  ] as const)('a failure is a warning that reveals nothing (%#)', async (answer, id) => {
    stubAuth(answer);
    renderView(<ResetPasswordView />, { path: '/resetPassword' });
    send();
    const status = await screen.findByText(de[id]);
    expect(status.closest('.notification--warning')).toBeTruthy();
    expect(screen.queryByText(de['auth.reset.sentTitle'])).toBeNull();
  });
});
