import { describe, expect, it } from 'vitest';
import { parseNexusStates, parseZipRates, TableTaxRates } from './rates';
import { percentToPpm, ppmToPercent, STATE_RATES, stateOfZip } from './state-rates';

const nexus = new Set(['CA', 'AL']);

describe('the built-in tax table', () => {
  it('collects only in nexus states, at the state base rate, by the ship-to', () => {
    const rates = new TableTaxRates(nexus);
    expect(rates.rateFor({ state: 'CA', zip: '93706' })).toEqual({ ratePpm: 72_500, shippingTaxable: false, version: 'states-2024-01-01', source: 'state' });
    expect(rates.rateFor({ state: 'al', zip: '36602' })).toMatchObject({ ratePpm: 40_000, source: 'state' });
    expect(rates.rateFor({ state: 'NY', zip: '10001' })).toBeNull();
  });

  it('an imported ZIP rate wins in its own state, and names the table version', () => {
    const rates = new TableTaxRates(nexus, [{ zip: '93706', ratePpm: 83_500, shippingTaxable: true }], 3);
    expect(rates.rateFor({ state: 'CA', zip: '93706-1234' })).toEqual({ ratePpm: 83_500, shippingTaxable: true, version: 'states-2024-01-01+zip-3', source: 'zip' });
    expect(rates.rateFor({ state: 'CA', zip: '90210' })).toMatchObject({ ratePpm: 72_500, source: 'state' });
    // An address whose ZIP is not in its state gets the state's rate, not another state's ZIP rate.
    expect(rates.rateFor({ state: 'AL', zip: '93706' })).toMatchObject({ ratePpm: 40_000, source: 'state' });
  });

  it('knows every state and DC, with rates in range', () => {
    expect(Object.keys(STATE_RATES)).toHaveLength(51);
    for (const r of Object.values(STATE_RATES)) expect(r.ratePpm).toBeLessThanOrEqual(100_000);
  });

  it('reads percents exactly', () => {
    expect(percentToPpm('7.25')).toBe(72_500);
    expect(percentToPpm('6.875')).toBe(68_750);
    expect(percentToPpm('8.3751')).toBe(83_751);
    expect(percentToPpm('8.37512')).toBeNull();
    expect(percentToPpm('-1')).toBeNull();
    expect(percentToPpm('abc')).toBeNull();
    expect(ppmToPercent(72_500)).toBe('7.25');
    expect(ppmToPercent(40_000)).toBe('4');
  });

  it('finds the state of a ZIP code', () => {
    expect(stateOfZip('93706')).toBe('CA');
    expect(stateOfZip('36602')).toBe('AL');
    expect(stateOfZip('10001')).toBe('NY');
    expect(stateOfZip('06103')).toBe('CT');
    expect(stateOfZip('00001')).toBeNull();
    expect(stateOfZip('9370')).toBeNull();
  });
});

describe('TAX_NEXUS_STATES', () => {
  it('defaults to CA and AL, and names a state it does not know', () => {
    expect(parseNexusStates(undefined)).toEqual({ states: new Set(['CA', 'AL']) });
    expect(parseNexusStates(' ca , tx ')).toEqual({ states: new Set(['CA', 'TX']) });
    expect(parseNexusStates('')).toEqual({ states: new Set() });
    expect(parseNexusStates('None')).toEqual({ states: new Set() });
    expect(parseNexusStates('CA,XX')).toEqual({ error: 'TAX_NEXUS_STATES: "XX" is not a US state\'s two-letter code (e.g. CA,AL)' });
  });
});

describe('a ZIP rate import', () => {
  it('reads every row', () => {
    const csv = 'zip,rate,shippingTaxable\r\n93706,8.35,false\n36602,10%,yes\n\n';
    expect(parseZipRates(csv, nexus)).toEqual({
      rates: [
        { zip: '93706', ratePpm: 83_500, shippingTaxable: false },
        { zip: '36602', ratePpm: 100_000, shippingTaxable: true },
      ],
    });
  });

  it('answers the first bad row by its line number, and nothing else', () => {
    const bad = (rows: string) => parseZipRates(`zip,rate,shippingTaxable\n93706,8.35,false\n${rows}`, nexus);
    expect(bad('9370,8,false')).toEqual({ error: 'Line 3: "9370" is not a 5-digit ZIP code', line: 3 });
    expect(bad('10001,8,false')).toEqual({ error: 'Line 3: ZIP 10001 is in NY, where the shop collects no sales tax', line: 3 });
    expect(bad('00001,8,false')).toEqual({ error: 'Line 3: ZIP 00001 is in no US state', line: 3 });
    expect(bad('90210,25,false')).toEqual({ error: 'Line 3: rate 25 % is out of range (0 to 20 %)', line: 3 });
    expect(bad('90210,-1,false')).toEqual({ error: 'Line 3: rate "-1" is not a percent such as 8.35', line: 3 });
    expect(bad('90210,8,maybe')).toEqual({ error: 'Line 3: shippingTaxable "maybe" must be true or false', line: 3 });
    expect(bad('90210,8')).toEqual({ error: 'Line 3: expected 3 values (zip,rate,shippingTaxable), found 2', line: 3 });
    expect(bad('93706,9,false')).toEqual({ error: 'Line 3: ZIP 93706 is listed twice', line: 3 });
    expect(parseZipRates('zip;rate\n93706;8', nexus)).toEqual({ error: 'The first line must be the header zip,rate,shippingTaxable', line: 1 });
    expect(parseZipRates('zip,rate,shippingTaxable\n', nexus)).toEqual({ error: 'The file has no rates after its header', line: 2 });
  });
});
