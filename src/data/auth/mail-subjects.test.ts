import { describe, expect, it } from 'vitest';
import de from '../../../lang/de.json';
import fr from '../../../lang/fr.json';
import { languageMetadata, mailSubjects, mailSubjectsFrom } from './mail-subjects';

// spec §1 "Changing the language also updates the user's stored language and the localized
// subjects of the password-reset and other account e-mails"; §7 sign-up data and PUT /user.
describe('mail subjects', () => {
  it('are the catalogue texts of each language', async () => {
    expect(await mailSubjects('de')).toEqual({
      passwordResetSubject: de['mail.subject.passwordReset'],
      emailSubject: de['mail.subject.emailChange'],
    });
    expect(await mailSubjects('fr')).toEqual({
      passwordResetSubject: fr['mail.subject.passwordReset'],
      emailSubject: fr['mail.subject.emailChange'],
    });
  });

  it('differ between German and French and are never empty', async () => {
    const [g, f] = [await mailSubjects('de'), await mailSubjects('fr')];
    for (const s of [g, f]) expect(Object.values(s).every((t) => t.trim().length > 0)).toBe(true);
    expect(g.passwordResetSubject).not.toBe(f.passwordResetSubject);
    expect(g.emailSubject).not.toBe(f.emailSubject);
  });

  it('carry the language as user metadata', async () => {
    expect(await languageMetadata('fr')).toEqual({ language: 'fr', ...(await mailSubjects('fr')) });
  });

  it('show the key segment in quotes when a catalogue lacks them (spec §8)', () => {
    expect(mailSubjectsFrom('de', {})).toEqual({ passwordResetSubject: '"passwordReset"', emailSubject: '"emailChange"' });
  });
});
