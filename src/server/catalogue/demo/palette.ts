/**
 * Colours the demo items come in. `hex` lets the picture generator draw the balloon; `code` is
 * the colour's part of an item code (LX11-RED).
 */
export interface Colour {
  name: string;
  code: string;
  family: string;
  finish: 'Standard' | 'Pastel' | 'Metallic' | 'Pearl' | 'Chrome' | 'Crystal' | 'Foil';
  hex: string;
}

const c = (name: string, code: string, family: string, finish: Colour['finish'], hex: string): Colour => ({ name, code, family, finish, hex });

export const LATEX_COLOURS: Colour[] = [
  c('Red', 'RED', 'Red', 'Standard', '#d7182a'),
  c('Orange', 'ORG', 'Orange', 'Standard', '#f47b20'),
  c('Goldenrod', 'GLDR', 'Yellow', 'Standard', '#f5b21b'),
  c('Yellow', 'YEL', 'Yellow', 'Standard', '#ffe23f'),
  c('Lime Green', 'LIME', 'Green', 'Standard', '#8cc63f'),
  c('Emerald Green', 'EMER', 'Green', 'Standard', '#00945e'),
  c('Forest Green', 'FRST', 'Green', 'Standard', '#1f5c3a'),
  c('Teal', 'TEAL', 'Blue', 'Standard', '#00857c'),
  c('Aqua', 'AQUA', 'Blue', 'Standard', '#3fc4d0'),
  c('Sky Blue', 'SKY', 'Blue', 'Standard', '#6ec6f0'),
  c('Royal Blue', 'ROYL', 'Blue', 'Standard', '#1d4fa3'),
  c('Navy', 'NAVY', 'Blue', 'Standard', '#1b2a55'),
  c('Purple', 'PURP', 'Purple', 'Standard', '#5b2a86'),
  c('Lavender', 'LAV', 'Purple', 'Standard', '#b59ad6'),
  c('Pink', 'PINK', 'Pink', 'Standard', '#f49ac1'),
  c('Hot Pink', 'HPNK', 'Pink', 'Standard', '#e6007e'),
  c('Coral', 'CORL', 'Orange', 'Standard', '#f26b5b'),
  c('Burgundy', 'BURG', 'Red', 'Standard', '#7a1730'),
  c('Chocolate Brown', 'CHOC', 'Brown', 'Standard', '#5a3825'),
  c('Ivory', 'IVRY', 'White', 'Standard', '#f4ecd2'),
  c('White', 'WHT', 'White', 'Standard', '#ffffff'),
  c('Black', 'BLK', 'Black', 'Standard', '#1a1a1a'),
  c('Pastel Pink', 'PPNK', 'Pink', 'Pastel', '#f9c9d7'),
  c('Pastel Blue', 'PBLU', 'Blue', 'Pastel', '#bfe0f5'),
  c('Pastel Yellow', 'PYEL', 'Yellow', 'Pastel', '#fbefa6'),
  c('Pastel Green', 'PGRN', 'Green', 'Pastel', '#c6e9c4'),
  c('Pastel Lilac', 'PLIL', 'Purple', 'Pastel', '#d9c8ec'),
  c('Pastel Peach', 'PPCH', 'Orange', 'Pastel', '#fbd2b6'),
  c('Metallic Gold', 'MGLD', 'Gold', 'Metallic', '#c9a449'),
  c('Metallic Silver', 'MSLV', 'Silver', 'Metallic', '#b8bcc2'),
  c('Metallic Rose Gold', 'MRSG', 'Pink', 'Metallic', '#d9a08e'),
  c('Metallic Blue', 'MBLU', 'Blue', 'Metallic', '#3c6fb4'),
  c('Metallic Red', 'MRED', 'Red', 'Metallic', '#b0202c'),
  c('Metallic Green', 'MGRN', 'Green', 'Metallic', '#2e8b57'),
  c('Metallic Purple', 'MPUR', 'Purple', 'Metallic', '#6e4a9e'),
  c('Pearl White', 'PRLW', 'White', 'Pearl', '#f3efe6'),
  c('Chrome Gold', 'CGLD', 'Gold', 'Chrome', '#b8860b'),
  c('Chrome Silver', 'CSLV', 'Silver', 'Chrome', '#a8a9ad'),
  c('Chrome Rose Gold', 'CRSG', 'Pink', 'Chrome', '#b76e79'),
  c('Chrome Blue', 'CBLU', 'Blue', 'Chrome', '#2a52be'),
  c('Chrome Purple', 'CPUR', 'Purple', 'Chrome', '#6a0dad'),
  c('Crystal Clear', 'CLR', 'Clear', 'Crystal', '#e8f4f8'),
];

export const FOIL_COLOURS: Colour[] = [
  c('Gold', 'GLD', 'Gold', 'Foil', '#d4af37'),
  c('Silver', 'SLV', 'Silver', 'Foil', '#c0c0c0'),
  c('Rose Gold', 'RSG', 'Pink', 'Foil', '#e0a899'),
  c('Red', 'RED', 'Red', 'Foil', '#d7182a'),
  c('Pink', 'PNK', 'Pink', 'Foil', '#f49ac1'),
  c('Hot Pink', 'HPK', 'Pink', 'Foil', '#e6007e'),
  c('Royal Blue', 'RBL', 'Blue', 'Foil', '#1d4fa3'),
  c('Light Blue', 'LBL', 'Blue', 'Foil', '#8ecae6'),
  c('Green', 'GRN', 'Green', 'Foil', '#2e9e4f'),
  c('Purple', 'PUR', 'Purple', 'Foil', '#6e4a9e'),
  c('Black', 'BLK', 'Black', 'Foil', '#1a1a1a'),
  c('White', 'WHT', 'White', 'Foil', '#f7f7f7'),
  c('Iridescent', 'IRD', 'Multicolor', 'Foil', '#cfe8f3'),
];

export const BUBBLE_TINTS: Colour[] = [
  c('Clear', 'CLR', 'Clear', 'Crystal', '#eef7fb'),
  c('Pink', 'PNK', 'Pink', 'Crystal', '#f7c5d8'),
  c('Blue', 'BLU', 'Blue', 'Crystal', '#b9dcf3'),
  c('Gold', 'GLD', 'Gold', 'Crystal', '#e7cf8a'),
  c('Silver', 'SLV', 'Silver', 'Crystal', '#d9dde1'),
  c('Rose Gold', 'RSG', 'Pink', 'Crystal', '#ecc3b6'),
  c('Red', 'RED', 'Red', 'Crystal', '#e46a75'),
  c('Green', 'GRN', 'Green', 'Crystal', '#a9dcb4'),
  c('Purple', 'PUR', 'Purple', 'Crystal', '#cdb5e6'),
];

export function colourByName(list: readonly Colour[], name: string): Colour {
  const found = list.find((x) => x.name === name);
  if (!found) throw new Error(`unknown demo colour ${name}`);
  return found;
}
