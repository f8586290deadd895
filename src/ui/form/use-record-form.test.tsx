// @vitest-environment happy-dom
// Field-level editing over a stored record that may change while the form is open (another
// tab, realtime): untouched fields follow the record, touched ones keep the patient's text.
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRecordForm } from './use-record-form';

const STORED = { street: 'Rosenweg', city: 'Winterthur', phone: '0521234567' };

describe('useRecordForm', () => {
  it('an untouched field follows the record; a touched one keeps the edit', () => {
    const { result, rerender } = renderHook(({ stored }) => useRecordForm(stored), { initialProps: { stored: STORED } });
    act(() => result.current.set('phone', '079 765 43 21'));
    rerender({ stored: { ...STORED, street: 'Marktgasse', phone: '0441111111' } });
    expect(result.current.values).toEqual({ street: 'Marktgasse', city: 'Winterthur', phone: '079 765 43 21' });
    expect(result.current.touched('phone')).toBe(true);
    expect(result.current.touched('street')).toBe(false);
  });

  it('changed: only touched fields whose cleaned value differs from the stored one', () => {
    const { result } = renderHook(() => useRecordForm(STORED));
    act(() => {
      result.current.set('phone', '052 123 45 67');
      result.current.set('city', 'Bern');
    });
    const cleaned = { street: 'Rosenweg', city: 'Bern', phone: '0521234567' };
    expect(result.current.changed(cleaned)).toEqual({ city: 'Bern' });
  });

  it('after saving, a field shows the saved value until the record holds it, then follows the record again', () => {
    const { result, rerender } = renderHook(({ stored }) => useRecordForm(stored), { initialProps: { stored: STORED } });
    act(() => result.current.set('phone', '079 765 43 21'));
    act(() => result.current.saved({ phone: '0797654321' }));
    expect(result.current.values.phone).toBe('0797654321');
    rerender({ stored: { ...STORED, phone: '0797654321' } });
    expect(result.current.touched('phone')).toBe(false);
    rerender({ stored: { ...STORED, phone: '0441111111' } });
    expect(result.current.values.phone).toBe('0441111111');
  });

  // the record may already hold the save when the form hears back (the server took a moment)
  it('saving hands over only the touched fields: the others keep following the record', () => {
    const { result, rerender } = renderHook(({ stored }) => useRecordForm(stored), { initialProps: { stored: STORED } });
    act(() => result.current.set('street', 'Marktgasse'));
    rerender({ stored: { ...STORED, street: 'Marktgasse' } });
    act(() => result.current.saved({ ...STORED, street: 'Marktgasse' }));
    rerender({ stored: { ...STORED, street: 'Marktgasse', phone: '0797654321' } });
    expect(result.current.values).toEqual({ ...STORED, street: 'Marktgasse', phone: '0797654321' });
  });
});
