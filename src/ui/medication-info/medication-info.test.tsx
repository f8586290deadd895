// @vitest-environment happy-dom
// The patient information button and dialog (spec §7 compendium, §8 "Missing compendium text:
// not-available message"): every state, the text sanitised, in the UI language or marked.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import de from '../../../lang/de.json';
import fr from '../../../lang/fr.json';
import { TestProviders } from '../../i18n/test-providers';
import { MedicationInfo, type MedicationInfoState } from './medication-info';

const NAME = 'AMLOVASC Tabl 5 mg 30 Stk';

function Harness({ state, initiallyOpen = false }: { state: MedicationInfoState; initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  return <MedicationInfo name={NAME} pictureSrc="/images/product-placeholder.png" state={open ? state : { status: 'idle' }} open={open} onOpenChange={setOpen} />;
}

function renderInfo(state: MedicationInfoState, lang: 'de' | 'fr' = 'de') {
  render(
    <TestProviders lang={lang}>
      <Harness state={state} />
    </TestProviders>,
  );
}

const dialog = () => document.querySelector('dialog') as HTMLDialogElement;

describe('MedicationInfo', () => {
  it('a button named with the medication opens a dialog headed by the name, with its 500 px picture', async () => {
    renderInfo({ status: 'ready', content: 'Was ist Amlovasc?\nEs senkt den Blutdruck.', language: 'de', otherLanguage: false });
    const button = screen.getByRole('button', { name: `${de['medicationInfo.title']} zu ${NAME}` });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(dialog().open).toBe(false);
    await userEvent.click(button);
    expect(dialog().open).toBe(true);
    const title = document.getElementById(dialog().getAttribute('aria-labelledby') ?? '');
    expect(title?.tagName).toBe('H2');
    expect(title?.textContent).toBe(`${de['medicationInfo.title']} ${NAME}`);
    expect(dialog().querySelector('img')?.getAttribute('width')).toBe('240');
    // the plain text: the question as heading, the answer as paragraph
    expect(within(dialog()).getByRole('heading', { level: 3, name: 'Was ist Amlovasc?' })).toBeTruthy();
    expect(within(dialog()).getByText('Es senkt den Blutdruck.').tagName).toBe('P');
  });

  it('the close button closes it', async () => {
    renderInfo({ status: 'ready', content: 'Text', language: 'de', otherLanguage: false });
    await userEvent.click(screen.getByRole('button', { name: new RegExp(`^${de['medicationInfo.title']} zu`) }));
    await userEvent.click(within(dialog()).getByRole('button', { name: de['medicationInfo.close'] }));
    expect(dialog().open).toBe(false);
  });

  it('HTML from the compendium is shown sanitised', async () => {
    renderInfo({ status: 'ready', content: '<h2 onclick="x()">Dosierung</h2><p style="color:red">Eine <b>Tablette</b> täglich.</p><script>window.__x=1</script>', language: 'de', otherLanguage: false });
    await userEvent.click(screen.getByRole('button', { name: new RegExp(`^${de['medicationInfo.title']} zu`) }));
    const text = dialog().querySelector('.medication-info__text') as HTMLElement;
    expect(text.innerHTML).toBe('<h3>Dosierung</h3><p>Eine <strong>Tablette</strong> täglich.</p>');
  });

  // spec §8: missing compendium text; offline: not kept on this device
  it.each([
    [{ status: 'missing' }, 'medicationInfo.missing'],
    [{ status: 'offline' }, 'medicationInfo.offline'],
    [{ status: 'failed' }, 'medicationInfo.failed'],
    [{ status: 'loading' }, 'medicationInfo.loading'],
  ] as const)('%j: says so', async (state, id) => {
    renderInfo(state);
    await userEvent.click(screen.getByRole('button', { name: new RegExp(`^${de['medicationInfo.title']} zu`) }));
    expect(within(dialog()).getByRole('status').textContent).toBe(de[id]);
  });

  it('in French; a text only in German is marked as such and spoken as German', async () => {
    renderInfo({ status: 'ready', content: 'Was ist Amlovasc?\nEs senkt den Blutdruck.', language: 'de', otherLanguage: true }, 'fr');
    await userEvent.click(screen.getByRole('button', { name: `${fr['medicationInfo.title']} : ${NAME}` }));
    expect(within(dialog()).getByText(fr['medicationInfo.onlyGerman']).getAttribute('lang')).toBe('fr');
    expect((dialog().querySelector('.medication-info__text') as HTMLElement).getAttribute('lang')).toBe('de');
  });
});
