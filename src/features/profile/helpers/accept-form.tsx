import { useState, type FormEvent } from 'react';
import { normaliseInvitationCode } from '../../../domain/caregivers/grants';
import type { Result } from '../../../domain/result';
import { Msg } from '../../../i18n/msg';
import { TextField } from '../../../ui/form/text-field';
import { caregiverErrorId } from './caregiver-errors';

type Accept = (code: string, name: string | null) => Promise<Result<null, string>>;

/** The helper accepts an invitation with their own account (issue 41 item 1): the code as given, and the name the patient will see. */
export function AcceptForm({ onAccept }: { onAccept: Accept }) {
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [state, setState] = useState<{ step: 'form' | 'sending' | 'accepted' } | { step: 'failed'; errorId: string }>({ step: 'form' });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const normalised = normaliseInvitationCode(code);
    if (normalised === null) {
      setState({ step: 'failed', errorId: caregiverErrorId('invalid_code') });
      return;
    }
    setState({ step: 'sending' });
    const result = await onAccept(normalised, name.trim() || null);
    if (result.ok) {
      setCode('');
      setState({ step: 'accepted' });
    } else setState({ step: 'failed', errorId: caregiverErrorId(result.error) });
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby="caregivers-accept-title">
      <h2 id="caregivers-accept-title">
        <Msg id="caregivers.accept.title" />
      </h2>
      <TextField name="code" autoComplete="off" spellCheck={false} label={<Msg id="caregivers.accept.code" />} value={code} onChange={(e) => setCode(e.target.value)} required />
      <TextField name="name" autoComplete="name" label={<Msg id="caregivers.accept.name" />} hint={<Msg id="caregivers.accept.nameHint" />} value={name} onChange={(e) => setName(e.target.value)} />
      {state.step === 'failed' ? (
        <p className="notice notice--danger" role="alert">
          <Msg id={state.errorId} />
        </p>
      ) : null}
      {state.step === 'accepted' ? (
        <p className="notice" role="status">
          <Msg id="caregivers.accept.done" />
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={state.step === 'sending'}>
        <Msg id="caregivers.accept.submit" />
      </button>
    </form>
  );
}
