// Every error code of the decoders, each with a real input of its kind.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeChmed16a } from './chmed16a.ts';
import { decodeChmed23a } from './chmed23a.ts';
import { MAX_CHMED_JSON_BYTES } from './chmed-transport.ts';
import { fixture } from './emediplan-test-support.ts';

const example = fixture('chmed16a-maxima-matter-compressed.txt');
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const gz = (text: string) => base64(gzipSync(Buffer.from(text, 'utf8')));
const minimal = (patient: object) =>
  JSON.stringify({ MedType: 1, Id: 'a', Auth: 'patient', Dt: '2025-01-02T10:00:00+01:00', Patient: patient, Medicaments: [] });

const errorOf = async (text: string) => {
  const result = await decodeChmed16a(text);
  return result.ok ? 'ok' : result.error;
};

describe('decodeChmed16a error codes', () => {
  it.each([
    ['not_chmed', 'some other text'],
    ['not_chmed', 'https://www.example.ch/rezept?id=1'],
    ['not_chmed', ''],
    ['unsupported_version', `CHMED20A1${example.slice(9)}`],
    ['unsupported_version', `CHMED16B1${example.slice(9)}`],
    ['unsupported_version', `CHMED16A2${example.slice(9)}`],
    ['unsupported_version', fixture('chmed23a-transport.txt')],
    ['bad_base64', 'CHMED16A1H4sI*not base64*'],
    ['bad_base64', 'CHMED16A1H4sIA'],
    ['bad_gzip', `CHMED16A1${base64(new TextEncoder().encode('{"plain":"json, not gzip"}'))}`],
    ['bad_gzip', example.slice(0, 9 + 300)],
    ['bad_json', 'CHMED16A0{"MedType":1,'],
    ['bad_json', `CHMED16A1${gz('{"MedType":1,')}`],
    ['bad_document', 'CHMED16A0[1,2,3]'],
    ['bad_document', 'CHMED16A0{"MedType":1,"Id":"a","Auth":"patient","Dt":"2025-01-02T10:00:00+01:00"}'],
    ['bad_document', 'CHMED16A0{"MedType":4,"Id":"a","Auth":"patient","Dt":"2025-01-02T10:00:00+01:00","Patient":{}}'],
    ['bad_document', 'CHMED16A0{"MedType":3,"Id":"a","Auth":"x","Dt":"2025-01-02T10:00:00+01:00","Patient":{},"Medicaments":[{"Id":"1"}]}'],
    // issue 38 item 7: an IdType that is no whole number is no code (not rounded to 4)
    ['bad_document', 'CHMED16A0{"MedType":3,"Id":"a","Auth":"x","Dt":"2025-01-02T10:00:00+01:00","Patient":{},"Medicaments":[{"Id":"1","IdType":3.6}]}'],
    ['bad_document', 'CHMED16A0{"MedType":3,"Id":"a","Auth":"x","Dt":"2025-01-02T10:00:00+01:00","Patient":{},"Medicaments":[{"Id":"1","IdType":"3.6"}]}'],
    ['ok', 'CHMED16A0{"MedType":3,"Id":"a","Auth":"x","Dt":"2025-01-02T10:00:00+01:00","Patient":{},"Medicaments":[{"Id":"1","IdType":"3"},{"Id":"2","IdType":4.0}]}'],
  ])('%s: %s', async (code, text) => {
    expect(await errorOf(text)).toBe(code);
  });

  it('bad_gzip: a gzip stream with a corrupted byte in its data', async () => {
    const bytes = gzipSync(Buffer.from(minimal({ FName: 'Maxima' }), 'utf8'));
    bytes[20] = (bytes[20] ?? 0) ^ 0xff;
    expect(await errorOf(`CHMED16A1${base64(bytes)}`)).toBe('bad_gzip');
  });

  it('too_large: input longer than any QR code', async () => {
    expect(await errorOf(`CHMED16A1${'A'.repeat(100_000)}`)).toBe('too_large');
    expect(await errorOf(`CHMED16A0${' '.repeat(100_000)}{}`)).toBe('too_large');
  });

  it('too_large: a gzip bomb of a few KiB stops inflating soon after the limit', async () => {
    // 32 MiB of spaces inside a JSON string: deflate packs it into ~32 KiB
    const bomb = gzipSync(Buffer.concat([Buffer.from('{"Rmk":"'), Buffer.alloc(32 * 1024 * 1024, 0x20), Buffer.from('"}')]), { level: 9 });
    expect(bomb.length).toBeLessThan(40 * 1024);
    const started = performance.now();
    expect(await errorOf(`CHMED16A1${base64(bomb)}`)).toBe('too_large');
    // inflating all 32 MiB through the stream would take far longer than stopping at 256 KiB
    expect(performance.now() - started).toBeLessThan(1500);
    // just under the limit is read
    const fits = gzipSync(Buffer.from(minimal({ FName: 'x'.repeat(MAX_CHMED_JSON_BYTES - 200) }), 'utf8'));
    expect(await errorOf(`CHMED16A1${base64(fits)}`)).toBe('ok');
  });

  it('mojibake: a text double-encoded and mixed with sound accents, or encoded twice over, cannot be repaired', async () => {
    expect(await errorOf(`CHMED16A0${minimal({ FName: 'ZoÃ© Müller' })}`)).toBe('mojibake');
    expect(await errorOf(`CHMED16A1${gz(minimal({ City: 'ZÃ¼rich, Zürich' }))}`)).toBe('mojibake');
    // "ü" double-encoded twice: C3 83 C2 BC read as Latin-1 and encoded again
    expect(await errorOf(`CHMED16A1${gz(minimal({ City: 'ZÃƒÂ¼rich' }))}`)).toBe('mojibake');
  });

  it('mojibake: each text is judged on its own (one field broken, another sound)', async () => {
    const result = await decodeChmed16a(`CHMED16A0${minimal({ FName: 'ZoÃ©', LName: 'Müller' })}`);
    expect(result).toMatchObject({ ok: true, value: { repaired: true, doc: { Patient: { FName: 'Zoé', LName: 'Müller' } } } });
  });

  it('mojibake: text double-encoded throughout is repaired and the repair is reported', async () => {
    const result = await decodeChmed16a(`CHMED16A1${gz(minimal({ FName: 'ZoÃ©', LName: 'MÃ¼ller-BrÃ¤ndli', City: 'GenÃ¨ve' }))}`);
    expect(result).toMatchObject({ ok: true, value: { repaired: true, doc: { Patient: { FName: 'Zoé', LName: 'Müller-Brändli', City: 'Genève' } } } });
  });

  it('a JSON in Windows-1252 instead of UTF-8 is read and reported as repaired', async () => {
    const latin1 = Buffer.from(minimal({ FName: 'Zoé', City: 'Zürich' }), 'latin1');
    const result = await decodeChmed16a(`CHMED16A1${base64(gzipSync(latin1))}`);
    expect(result).toMatchObject({ ok: true, value: { repaired: true, doc: { Patient: { FName: 'Zoé', City: 'Zürich' } } } });
  });

  it('never throws, whatever the input', async () => {
    // nested as deep as the input bound allows: deeper than some stacks
    const deep = `CHMED16A0{"Rmk":${'['.repeat(32_000)}${']'.repeat(32_000)}}`;
    await expect(decodeChmed16a(deep)).resolves.toMatchObject({ ok: false });
  });
});

describe('decodeChmed23a error codes', () => {
  const parts = fixture('chmed23a-transport-parts.txt').trim().split('\n');

  it.each([
    ['not_chmed', ['hello']],
    ['unsupported_version', [example]],
    ['missing_part', [parts[0], parts[1], parts[3]]],
    ['duplicate_part', [parts[0], parts[1], parts[1], parts[2], parts[3]]],
    ['mixed_parts', [...parts.slice(0, 3), 'CHMED23A.4/5.iD8fPQAAAA=']],
    ['mixed_parts', [fixture('chmed23a-transport.txt'), parts[0]]],
    ['bad_base64', ['CHMED23A.H4sI*']],
    ['bad_gzip', [`CHMED23A.${base64(new TextEncoder().encode('plain'))}`]],
    // the specification's transport example is no CHMED23A document (it predates camelCase)
    ['bad_document', [fixture('chmed23a-transport.txt')]],
  ])('%s', async (code, input) => {
    const result = await decodeChmed23a(input.map(String));
    expect(result.ok ? 'ok' : result.error).toBe(code);
  });

  // issue 38 item 7: an idType that is no whole number is no code (not rounded to 4)
  it.each([
    ['bad_document', 3.6],
    ['ok', 3],
  ])('%s: idType %s', async (code, idType) => {
    const json = `{"patient":{"fName":"A","lName":"B"},"meds":[{"id":"2333266","idType":${idType}}],"medType":3,"auth":1,"dt":"2025-01-02T10:00:00+01:00"}`;
    const result = await decodeChmed23a(`CHMED23A.${gz(json)}`);
    expect(result.ok ? 'ok' : result.error).toBe(code);
  });
});

describe('nesting as deep as the size bounds allow', () => {
  it('CHMED23A extensions nested 7000 deep (just inside 256 KiB): an answer, not an exception', async () => {
    const nested = `${'{"nm":"a","schema":"s","exts":['.repeat(7000)}{"nm":"b","schema":"s"}${']}'.repeat(7000)}`;
    expect(nested.length).toBeLessThan(MAX_CHMED_JSON_BYTES - 200);
    const json = `{"patient":{"fName":"A","lName":"B","exts":[${nested}]},"meds":[],"medType":1,"auth":2,"dt":"2025-01-02T10:00:00+01:00"}`;
    const result = await decodeChmed23a(`CHMED23A.${gz(json)}`);
    expect(result.ok || result.error === 'bad_json').toBe(true);
  });
});
