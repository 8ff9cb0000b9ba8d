import type { Kysely } from 'kysely';
import zipcodes from 'zipcodes';
import type { DB } from '../platform/db/schema';
import { countDistributors, insertDistributors } from './queries';

/** Made-up balloon retailers across the US, at real ZIP codes so distances come out right. */
const DEMO: Array<[name: string, address: string, zip: string, phone: string]> = [
  ['Tower District Party Supply', '1120 N Wishon Ave', '93728', '(559) 555-0142'],
  ['Fulton Street Balloons', '2215 Fulton St', '93721', '(559) 555-0178'],
  ['Clovis Celebrations', '455 Pollasky Ave', '93612', '(559) 555-0110'],
  ['Visalia Balloon Works', '300 W Main St', '93291', '(559) 555-0133'],
  ['Bakersfield Party Depot', '1830 Chester Ave', '93301', '(661) 555-0190'],
  ['Modesto Balloon & Gift', '1010 10th St', '95354', '(209) 555-0121'],
  ['Bay Balloon Décor', '845 Market St', '94103', '(415) 555-0155'],
  ['Sacramento Party Central', '1500 J St', '95814', '(916) 555-0167'],
  ['Sunset Boulevard Balloons', '6400 Sunset Blvd', '90028', '(323) 555-0104'],
  ['San Diego Balloon Co.', '720 Fifth Ave', '92101', '(619) 555-0188'],
  ['Desert Sky Party Supply', '120 E Washington St', '85004', '(602) 555-0139'],
  ['Silver State Balloons', '3700 S Las Vegas Blvd', '89109', '(702) 555-0116'],
  ['Rose City Party', '900 SW 5th Ave', '97204', '(503) 555-0172'],
  ['Emerald Balloon Studio', '1500 4th Ave', '98101', '(206) 555-0129'],
  ['Mile High Celebrations', '1600 Champa St', '80202', '(303) 555-0194'],
  ['Lone Star Party Supply', '1500 Marilla St', '75201', '(214) 555-0151'],
  ['Bayou City Balloons', '901 Bagby St', '77002', '(713) 555-0163'],
  ['Twin Cities Balloon Shop', '250 Marquette Ave', '55401', '(612) 555-0147'],
  ['Windy City Party Co.', '233 S Wacker Dr', '60606', '(312) 555-0185'],
  ['Motor City Balloons', '1 Woodward Ave', '48226', '(313) 555-0126'],
  ['Peachtree Party Supply', '191 Peachtree St NE', '30303', '(404) 555-0119'],
  ['Gulf Coast Balloon Co.', '205 Government St', '36602', '(251) 555-0171'],
  ['Eastern Shore Party', '161 N Section St', '36532', '(251) 555-0158'],
  ['Music City Balloons', '501 Broadway', '37203', '(615) 555-0137'],
  ['Sunshine Party Supply', '100 S Biscayne Blvd', '33131', '(305) 555-0199'],
  ['Orlando Balloon Gallery', '400 W Church St', '32801', '(407) 555-0112'],
  ['Queen City Celebrations', '300 S Tryon St', '28202', '(704) 555-0145'],
  ['Capitol Balloon Co.', '1300 Pennsylvania Ave NW', '20004', '(202) 555-0161'],
  ['Liberty Bell Balloons', '1500 Market St', '19102', '(215) 555-0183'],
  ['Empire Party Supply', '350 5th Ave', '10118', '(212) 555-0107'],
  ['Beantown Balloons', '1 Federal St', '02110', '(617) 555-0176'],
  ['Gateway Arch Party', '100 N Broadway', '63102', '(314) 555-0130'],
];

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/(^-|-$)/g, '');

/** Fills an empty distributors table; returns how many were added. */
export async function seedDemoDistributors(db: Kysely<DB>): Promise<number> {
  if ((await countDistributors(db)) > 0) return 0;
  const rows = DEMO.flatMap(([name, address, zip, phone]) => {
    const place = zipcodes.lookup(zip);
    if (!place) return [];
    return [{ name, address, city: place.city, state: place.state, zip, phone, website: `https://${slug(name)}.example.com`, latitude: place.latitude, longitude: place.longitude }];
  });
  await insertDistributors(db, rows);
  return rows.length;
}
