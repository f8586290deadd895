import { useState, type FormEvent } from 'react';
import { CAREGIVER_RIGHTS, formatInvitationCode, type CaregiverRight } from '../../../domain/caregivers/grants';
import type { Result } from '../../../domain/result';
import { Msg, useMsg } from '../../../i18n/msg';
import { CheckboxField } from '../../../ui/form/checkbox-field';
import { TextField } from '../../../ui/form/text-field';
import { QrCode } from '../../../ui/qr-code';
import { caregiverErrorId } from './caregiver-errors';

type Invite = (rights: readonly CaregiverRight[], email: string | null) => Promise<Result<{ code: string; mailed: boolean | null }, string>>;

/**
 * The patient's invitation (issue 41 item 1): what the helper may do (seeing always: every right
 * implies it), optionally the helper's e-mail; then the one-time code as text and QR code.
 */
export function InviteForm({ onInvite }: { onInvite: Invite }) {
  const t = useMsg();
  const [rights, setRights] = useState<ReadonlySet<CaregiverRight>>(new Set(['see']));
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{ step: 'form' | 'sending' } | { step: 'code'; code: string; email: string; mailed: boolean | null } | { step: 'failed'; errorId: string }>({
    step: 'form',
  });

  const toggle = (right: CaregiverRight) => (checked: boolean) => {
    const next = new Set(rights);
    if (checked) next.add(right);
    else next.delete(right);
    next.add('see');
    setRights(next);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setState({ step: 'sending' });
    const to = email.trim();
    const result = await onInvite(CAREGIVER_RIGHTS.filter((r) => rights.has(r)), to || null);
    setState(result.ok ? { step: 'code', code: result.value.code, email: to, mailed: result.value.mailed } : { step: 'failed', errorId: caregiverErrorId(result.error) });
  };

  if (state.step === 'code') {
    return (
      <div className="caregiver-code" role="status">
        <p>
          <Msg id="caregivers.code.intro" />
        </p>
        <p className="caregiver-code__text" aria-label={t('caregivers.code.label')}>
          {formatInvitationCode(state.code.replaceAll('-', ''))}
        </p>
        <QrCode text={state.code} label={t('caregivers.code.qr')} className="caregiver-code__qr" />
        {state.mailed === null ? null : (
          <p className={state.mailed ? undefined : 'caregiver-code__unsent'}>
            <Msg id={state.mailed ? 'caregivers.code.mailed' : 'caregivers.code.mailFailed'} values={{ email: state.email }} />
          </p>
        )}
        <p>
          <Msg id="caregivers.code.once" />
        </p>
        <button type="button" className="button" onClick={() => setState({ step: 'form' })}>
          <Msg id="caregivers.code.done" />
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby="caregivers-invite-title">
      <h2 id="caregivers-invite-title">
        <Msg id="caregivers.invite.title" />
      </h2>
      <fieldset>
        <legend>
          <Msg id="caregivers.invite.rights" />
        </legend>
        {CAREGIVER_RIGHTS.map((right) => (
          <CheckboxField
            key={right}
            name={`right-${right}`}
            label={<Msg id={`caregivers.right.${right}`} />}
            checked={rights.has(right)}
            disabled={right === 'see'}
            onChange={(e) => toggle(right)(e.target.checked)}
          />
        ))}
      </fieldset>
      <TextField name="email" type="email" autoComplete="off" label={<Msg id="caregivers.invite.email" />} hint={<Msg id="caregivers.invite.emailHint" />} value={email} onChange={(e) => setEmail(e.target.value)} />
      {state.step === 'failed' ? (
        <p className="notice notice--danger" role="alert">
          <Msg id={state.errorId} />
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={state.step === 'sending'}>
        <Msg id="caregivers.invite.submit" />
      </button>
    </form>
  );
}
