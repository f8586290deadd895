// @vitest-environment happy-dom
// spec §5 Questionnaire (weight and size numbers, BMI shown as typed); numbers are
// written as the language writes them (fr-CH 72,5 — de-CH keeps CLDR's 72.5), and a weight
// typed with a comma is read as a decimal.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import de from '../../../lang/de.json';
import fr from '../../../lang/fr.json';
import type { Questionnaire } from '../../domain/entities';
import type { Lang } from '../../i18n/languages';
import { TestProviders } from '../../i18n/test-providers';
import { QuestionnaireForm, type QuestionnaireFormProps } from './questionnaire-form';

const STORED: Questionnaire = {
  id: 1,
  customer_id: 'c0000000-0000-4000-8000-000000000001',
  weight: 72.5,
  size: 168,
  d_diabetes: false,
  d_high_bp: true,
  d_liver: false,
  d_blood_clotting: false,
  d_kidney: false,
  d_bronchi: false,
  d_others: null,
  a_penicillin: false,
  a_sulfonamide: false,
  a_asa: false,
  a_other: null,
  external_medications: [],
};

function renderForm(lang: Lang, stored: Questionnaire | null = STORED) {
  const onSave = vi.fn<QuestionnaireFormProps['onSave']>(async () => ({ state: 'sent' }));
  render(
    <TestProviders lang={lang}>
      <QuestionnaireForm stored={stored} onSave={onSave} renderMedications={() => null} />
    </TestProviders>,
  );
  return onSave;
}

describe('QuestionnaireForm numbers', () => {
  it('shows a stored weight with the French decimal comma, and the BMI likewise', () => {
    renderForm('fr');
    expect((screen.getByLabelText(fr['profile.questionnaire.weight']) as HTMLInputElement).value).toBe('72,5');
    expect((screen.getByLabelText(fr['profile.questionnaire.size']) as HTMLInputElement).value).toBe('168');
    // 72.5 / 1.68² = 25.69 → 25,7
    expect(document.querySelector('.profile-bmi')?.textContent).toContain('25,7');
  });

  it('shows it as Swiss German writes it (CLDR de-CH: a decimal point)', () => {
    renderForm('de');
    expect((screen.getByLabelText(de['profile.questionnaire.weight']) as HTMLInputElement).value).toBe(new Intl.NumberFormat('de-CH').format(72.5));
  });

  it('saves a weight typed with a comma as the number, and only what changed', async () => {
    const onSave = renderForm('fr');
    const weight = screen.getByLabelText(fr['profile.questionnaire.weight']);
    await userEvent.clear(weight);
    await userEvent.type(weight, '70,25');
    await userEvent.click(screen.getByRole('button', { name: fr['profile.save'] }));
    expect(onSave).toHaveBeenCalledWith({ weight: 70.25 });
  });
});
