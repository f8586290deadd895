// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../i18n/test-providers';
import { CheckboxField } from './checkbox-field';
import { TextField } from './text-field';
import { useFocusFirstInvalid } from './use-focus-first-invalid';

function Form() {
  const ref = useRef<HTMLFormElement>(null);
  const [invalid, setInvalid] = useState(false);
  const focus = useFocusFirstInvalid(ref);
  return (
    <form
      ref={ref}
      onSubmit={(e) => {
        e.preventDefault();
        setInvalid(true);
        focus();
      }}
    >
      <TextField name="a" label="First" hint="A hint" />
      <TextField name="b" label="Second" errorId={invalid ? 'validation.required' : null} />
      <CheckboxField name="c" label="Third" errorId={invalid ? 'validation.acceptTerms' : null} />
      <button type="submit">go</button>
    </form>
  );
}

describe('form fields', () => {
  it('label, hint and error are tied to the input; the first invalid field gets the focus', () => {
    render(
      <TestProviders>
        <Form />
      </TestProviders>,
    );
    const first = screen.getByLabelText('First');
    expect(document.getElementById(first.getAttribute('aria-describedby') ?? '')?.textContent).toBe('A hint');
    expect(first.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    const second = screen.getByLabelText('Second');
    expect(second.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(second.getAttribute('aria-describedby') ?? '')?.textContent).toBe('!Dieses Feld ist erforderlich.');
    expect(document.activeElement).toBe(second);
    const third = screen.getByRole('checkbox', { name: 'Third' });
    expect(document.getElementById(third.getAttribute('aria-describedby') ?? '')?.textContent).toContain('AGB');
  });
});
