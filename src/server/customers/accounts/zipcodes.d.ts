/** The parts of the untyped `zipcodes` package that zip-lookup.ts uses. */
declare module 'zipcodes' {
  export interface ZipCodeEntry {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  export function lookup(zip: string): ZipCodeEntry | undefined;
  const zipcodes: { lookup: typeof lookup };
  export default zipcodes;
}
