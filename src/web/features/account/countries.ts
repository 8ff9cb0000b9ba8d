/**
 * The country list of the sign-up and address forms (spec §5): ISO 3166 codes with their English
 * names and flags, United States first, then Canada, then the rest by name. The form stores the
 * code, as the ZIP lookup answers it.
 */
const CODES =
  'AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'.split(' ');

/** A flag emoji from the two regional-indicator letters of the code. */
export const flagOf = (code: string) => String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1a5 + c.charCodeAt(0)));

export interface Country {
  code: string;
  name: string;
  flag: string;
}

function build(): Country[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const all = CODES.map((code) => ({ code, name: names.of(code) ?? code, flag: flagOf(code) }));
  const first = ['US', 'CA'];
  const head = first.map((c) => all.find((x) => x.code === c)!);
  const rest = all.filter((c) => !first.includes(c.code)).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return [...head, ...rest];
}

export const COUNTRIES: Country[] = build();

/** A stored country (a code, or a name typed by an older client) as a name for display. */
export function countryName(value: string): string {
  return COUNTRIES.find((c) => c.code === value)?.name ?? value;
}
