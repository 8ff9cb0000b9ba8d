/**
 * The words of the foil and printed lines: messages, themes, events and shapes, as display names.
 * Facet links are derived from them with `slugify`, so "It's a Boy" links as `its-a-boy`.
 */

export interface Message {
  text: string;
  /** Short code used in item codes. */
  code: string;
  events: string[];
  /** A third foil shape besides the round ones, chosen to suit the message. */
  special: 'Heart' | 'Star' | 'Jumbo Round';
  /** Foil colours this message is printed on. */
  colours: string[];
}

const m = (text: string, code: string, events: string[], special: Message['special'], colours: string[]): Message => ({
  text,
  code,
  events,
  special,
  colours,
});

export const MESSAGES: Message[] = [
  m('Happy Birthday', 'HBD', ['Birthday'], 'Jumbo Round', ['Gold', 'Royal Blue', 'Hot Pink']),
  m('Happy Anniversary', 'ANNV', ['Anniversary'], 'Heart', ['Gold', 'Red']),
  m('Congratulations', 'CONG', ['Graduation'], 'Star', ['Gold', 'Silver']),
  m('Congrats Grad', 'GRAD', ['Graduation'], 'Star', ['Black', 'Gold']),
  m('You Did It', 'YDI', ['Graduation'], 'Star', ['Royal Blue', 'Gold']),
  m('Get Well Soon', 'GWS', ['Get Well'], 'Jumbo Round', ['Light Blue', 'Green']),
  m('I Love You', 'ILY', ["Valentine's Day"], 'Heart', ['Red', 'Pink']),
  m('Thank You', 'THX', [], 'Jumbo Round', ['Silver', 'Purple']),
  m("It's a Boy", 'BOY', ['Baby Shower'], 'Star', ['Light Blue', 'Royal Blue']),
  m("It's a Girl", 'GIRL', ['Baby Shower'], 'Heart', ['Pink', 'Hot Pink']),
  m('Welcome Baby', 'WBABY', ['Baby Shower'], 'Jumbo Round', ['White', 'Iridescent']),
  m('Oh Baby', 'OHBB', ['Baby Shower'], 'Heart', ['Rose Gold', 'White']),
  m('Just Married', 'JMAR', ['Wedding'], 'Heart', ['White', 'Silver']),
  m('Bride to Be', 'BRIDE', ['Bridal Shower'], 'Heart', ['Rose Gold', 'White']),
  m('Happy Retirement', 'RETR', ['Retirement'], 'Jumbo Round', ['Gold', 'Green']),
  m('Welcome Home', 'WHOME', [], 'Star', ['Royal Blue', 'Red']),
  m('Best Wishes', 'BWSH', [], 'Jumbo Round', ['Purple', 'Silver']),
  m('Miss You', 'MISS', [], 'Heart', ['Pink', 'Purple']),
  m("Happy Mother's Day", 'MOM', ["Mother's Day"], 'Heart', ['Pink', 'Purple']),
  m("Happy Father's Day", 'DAD', ["Father's Day"], 'Star', ['Royal Blue', 'Black']),
  m('Merry Christmas', 'XMAS', ['Christmas'], 'Star', ['Red', 'Green']),
  m("Season's Greetings", 'SEAS', ['Christmas', 'Winter'], 'Star', ['Silver', 'Light Blue']),
  m('Happy New Year', 'HNY', ['New Year'], 'Star', ['Black', 'Gold']),
  m("Happy Valentine's Day", 'VDAY', ["Valentine's Day"], 'Heart', ['Red', 'Pink']),
  m('Be Mine', 'BMINE', ["Valentine's Day"], 'Heart', ['Hot Pink', 'Red']),
  m('Happy Halloween', 'HALW', ['Halloween'], 'Jumbo Round', ['Black', 'Purple']),
  m('Happy Easter', 'EAST', ['Easter'], 'Jumbo Round', ['Pink', 'Light Blue']),
  m('Happy Hanukkah', 'HANU', ['Hanukkah', 'Winter'], 'Star', ['Royal Blue', 'Silver']),
  m('Happy Thanksgiving', 'TGIV', ['Thanksgiving'], 'Jumbo Round', ['Gold', 'Red']),
  m('Over the Hill', 'OTH', ['Birthday'], 'Jumbo Round', ['Black', 'Silver']),
  m('Sweet 16', 'SW16', ['Birthday'], 'Star', ['Hot Pink', 'Silver']),
  m('Let It Snow', 'SNOW', ['Winter'], 'Star', ['White', 'Light Blue']),
];

/** Print styles of the message foils; each message comes in three of them. */
export const FOIL_STYLES = ['Sparkle', 'Confetti', 'Script', 'Balloons & Streamers', 'Glitter Dots', 'Watercolor'];

export interface Theme {
  name: string;
  code: string;
  /** The theme's jumbo SuperShape: its title and its shape facet. */
  jumbo: [title: string, shape: string];
  colours: string[];
  events: string[];
}

const t = (name: string, code: string, jumbo: Theme['jumbo'], colours: string[], events: string[] = ['Birthday']): Theme => ({
  name,
  code,
  jumbo,
  colours,
  events,
});

export const THEMES: Theme[] = [
  t('Dinosaurs', 'DINO', ['Roaring T-Rex', 'Animal'], ['Green', 'Royal Blue']),
  t('Unicorns', 'UNIC', ['Unicorn Head', 'Character'], ['Iridescent', 'Pink']),
  t('Sports', 'SPRT', ['Soccer Ball', 'Sphere'], ['White', 'Black']),
  t('Basketball', 'BSKT', ['Basketball', 'Sphere'], ['Black', 'Gold']),
  t('Princess', 'PRIN', ['Princess Crown', 'Crown'], ['Pink', 'Purple']),
  t('Mermaids', 'MERM', ['Mermaid Tail', 'Character'], ['Iridescent', 'Purple']),
  t('Outer Space', 'SPAC', ['Rocket Ship', 'Character'], ['Royal Blue', 'Silver']),
  t('Safari Animals', 'SAFA', ['Friendly Lion', 'Animal'], ['Gold', 'Green']),
  t('Under the Sea', 'OCEA', ['Smiling Whale', 'Animal'], ['Light Blue', 'Royal Blue']),
  t('Rainbows', 'RNBW', ['Rainbow Cloud', 'Cloud'], ['White', 'Iridescent']),
  t('Tropical Luau', 'LUAU', ['Pineapple', 'Character'], ['Gold', 'Green'], ['Birthday', 'Summer']),
  t('Flowers', 'FLWR', ['Daisy', 'Character'], ['Pink', 'White'], ["Mother's Day"]),
  t('Butterflies', 'BFLY', ['Butterfly', 'Animal'], ['Purple', 'Pink'], ['Birthday', 'Easter']),
  t('Construction', 'CNST', ['Dump Truck', 'Character'], ['Gold', 'Black']),
  t('Farm Animals', 'FARM', ['Happy Cow', 'Animal'], ['White', 'Red']),
  t('Pirates', 'PIRA', ['Pirate Ship', 'Character'], ['Black', 'Red']),
  t('Woodland Animals', 'WOOD', ['Little Fox', 'Animal'], ['Gold', 'Green']),
  t('Llamas & Cactus', 'LLAM', ['Llama', 'Animal'], ['Green', 'Pink']),
  t('Puppies & Kittens', 'PETS', ['Puppy', 'Animal'], ['Light Blue', 'Pink']),
  t('Music', 'MUSC', ['Electric Guitar', 'Character'], ['Black', 'Silver']),
  t('Western', 'WEST', ['Cowboy Boot', 'Character'], ['Gold', 'Red']),
  t('Candy Land', 'CNDY', ['Swirl Lollipop', 'Character'], ['Hot Pink', 'Light Blue']),
];

export interface HolidayIcon {
  title: string;
  code: string;
  shape: string;
  events: string[];
  colour: string;
}

const h = (title: string, code: string, shape: string, events: string[], colour: string): HolidayIcon => ({ title, code, shape, events, colour });

export const HOLIDAY_ICONS: HolidayIcon[] = [
  h('Jolly Santa', 'SANTA', 'Character', ['Christmas'], 'Red'),
  h('Snowman', 'SNWMN', 'Character', ['Christmas', 'Winter'], 'White'),
  h('Christmas Tree', 'XTREE', 'Character', ['Christmas'], 'Green'),
  h('Candy Cane', 'CCANE', 'Character', ['Christmas'], 'Red'),
  h('Holiday Ornament', 'ORNMT', 'Sphere', ['Christmas'], 'Gold'),
  h('Reindeer', 'RDEER', 'Animal', ['Christmas', 'Winter'], 'Gold'),
  h('Snowflake', 'SFLKE', 'Star', ['Winter', 'Christmas'], 'Silver'),
  h('Penguin', 'PENGN', 'Animal', ['Winter'], 'Black'),
  h('Champagne Bottle', 'CHAMP', 'Character', ['New Year'], 'Gold'),
  h('Midnight Clock', 'CLOCK', 'Round', ['New Year'], 'Silver'),
  h('Disco Ball', 'DISCO', 'Sphere', ['New Year', 'Birthday'], 'Silver'),
  h('Red Rose', 'ROSE', 'Character', ["Valentine's Day"], 'Red'),
  h('XOXO Hearts', 'XOXO', 'Heart', ["Valentine's Day"], 'Pink'),
  h('Love Letter', 'LETTR', 'Character', ["Valentine's Day"], 'Red'),
  h('Jack-o-Lantern', 'PUMPK', 'Round', ['Halloween'], 'Gold'),
  h('Friendly Ghost', 'GHOST', 'Character', ['Halloween'], 'White'),
  h('Flying Bat', 'BAT', 'Animal', ['Halloween'], 'Black'),
  h('Black Cat', 'BCAT', 'Animal', ['Halloween'], 'Black'),
  h('Easter Bunny', 'BUNNY', 'Animal', ['Easter'], 'Pink'),
  h('Easter Egg', 'EGG', 'Character', ['Easter'], 'Light Blue'),
  h('Lucky Shamrock', 'SHAM', 'Character', ["St. Patrick's Day"], 'Green'),
  h('Patriotic Star', 'USA', 'Star', ['Fourth of July'], 'Royal Blue'),
  h('Turkey', 'TRKY', 'Animal', ['Thanksgiving'], 'Gold'),
  h('Graduation Cap', 'GCAP', 'Character', ['Graduation'], 'Black'),
  h('Diploma', 'DIPL', 'Cylinder', ['Graduation'], 'White'),
  h('Baby Bottle', 'BOTTL', 'Character', ['Baby Shower'], 'Light Blue'),
  h('Stork Delivery', 'STORK', 'Animal', ['Baby Shower'], 'White'),
  h('Wedding Rings', 'RINGS', 'Character', ['Wedding'], 'Gold'),
  h('Wedding Cake', 'WCAKE', 'Cylinder', ['Wedding'], 'White'),
  h('Birthday Cake', 'BCAKE', 'Cylinder', ['Birthday'], 'Pink'),
  h('Gift Box', 'GIFT', 'Cube', ['Birthday', 'Christmas'], 'Royal Blue'),
  h('Party Hat', 'PHAT', 'Character', ['Birthday'], 'Purple'),
  h('Cupcake', 'CUPCK', 'Character', ['Birthday'], 'Hot Pink'),
  h('Crescent Moon', 'MOON', 'Moon', ['Eid', 'Ramadan'], 'Gold'),
  h('Dreidel', 'DREID', 'Character', ['Hanukkah', 'Winter'], 'Royal Blue'),
  h('Sparkling Diamond', 'DIAM', 'Diamond', ['Wedding', 'Anniversary'], 'Silver'),
  h('Trophy Cup', 'TROPH', 'Character', ['Graduation', 'Retirement'], 'Gold'),
  h('Lightning Bolt', 'BOLT', 'Character', ['Birthday'], 'Gold'),
  h('Dot Sun Smile', 'SUN', 'Round', ['Summer'], 'Gold'),
  h('Snow Globe', 'GLOBE', 'Sphere', ['Christmas', 'Winter'], 'Light Blue'),
];
