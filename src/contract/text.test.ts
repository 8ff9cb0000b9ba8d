import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { labelled } from './labels';
import { checkForm } from './plain-words';
import { httpUrl, isHttpUrl, multiLine, requiredSingleLine, singleLine } from './text';

const messagesOf = (schema: z.ZodType, value: unknown) => {
  const r = z.object({ firstName: schema }).safeParse({ firstName: value });
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('the text rule', () => {
  it('single-line: refuses controls, bidi overrides, separators and lone surrogates, naming the field by its label', () => {
    for (const bad of ['a\nb', 'a\rb', 'a\tb', 'a\u0000', 'a\u001b[1m', 'a\u007f', 'a\u0085', 'a\u009f', 'a\u202ab', 'a\u202eb', 'a\u2066', 'a\u2069', 'a\u2028b', 'a\u2029b', 'a\ud83d', '\udc00a']) {
      expect(messagesOf(singleLine(50), bad), JSON.stringify(bad)).toEqual([
        'First name must not contain line breaks, tabs, control characters or direction overrides.',
      ]);
    }
    for (const good of ['Zoë', 'O’Brien', 'José 🎈', 'שלום\u200F', 'Straße', '']) expect(messagesOf(singleLine(50), good)).toEqual([]);
    expect(singleLine(10).parse('  Pat \n')).toBe('Pat');
  });

  it('multi-line: line feeds only, CR normalised', () => {
    expect(multiLine(50).parse('a\r\nb\rc\nd')).toBe('a\nb\nc\nd');
    expect(messagesOf(multiLine(50), 'a\tb')).toEqual(['First name must not contain tabs, control characters or direction overrides.']);
    expect(messagesOf(multiLine(50), 'a\u2028b')).toHaveLength(1);
    expect(messagesOf(multiLine(3), 'abcd')).toEqual(['First name is too long.']);
  });

  it('required: needs a visible character, with the caller\'s message', () => {
    for (const empty of ['', '   ', '\u200B', '\u200C\u200D', '\uFEFF', '\u2060', '\u00AD', '\u3164']) {
      expect(messagesOf(requiredSingleLine(20, { required: 'Please input your city' }), empty), JSON.stringify(empty)).toEqual(['Please input your city']);
    }
    expect(messagesOf(requiredSingleLine(20), undefined)).toEqual(['First name is required.']);
    expect(messagesOf(requiredSingleLine(3, { tooLong: 'This value is too long' }), 'abcd')).toEqual(['This value is too long']);
  });

  it("says a form's own label where the form gives one", () => {
    const form = labelled(z.object({ firstName: requiredSingleLine(3) }), { firstName: 'Contact name' });
    expect(checkForm(form, { firstName: 'abcd' }).problems).toEqual(['Contact name is too long.']);
    expect(checkForm(form, {}).problems).toEqual(['Contact name is required.']);
  });

  it('URLs: http and https only, empty allowed', () => {
    expect(httpUrl(100).parse('')).toBe('');
    expect(httpUrl(100).parse('https://a.example/x')).toBe('https://a.example/x');
    expect(httpUrl(100).parse('shop.example')).toBe('https://shop.example');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'ftp://a.example', '//a.example', 'http://', 'https:/a']) {
      expect(httpUrl(100).safeParse(bad).success, bad).toBe(false);
    }
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('HTTPS://A.EXAMPLE')).toBe(true);
  });
});
