/** Where the menus point (spec §2 Top navigation; category numbers spec §9). */
export const productsOf = (categoryNum: number, extra = '') => `/products?categoryNum=${categoryNum}${extra}`;

export const LATEX_LINKS = [
  { num: 10, label: '5" Solid Color Latex' },
  { num: 11, label: '11" Solid Color Latex' },
  { num: 17, label: '11" Printed Latex' },
  { num: 12, label: '16" Solid Color Latex' },
  { num: 13, label: '24" Solid Color Latex' },
  { num: 15, label: '260 Solid Color Twistees' },
] as const;

/** The latex colour palette, generated from the live catalogue by the catalogue-PDF service. */
export const LATEX_PALETTE_PDF = '/catalogs/premium-latex-palette.pdf';

export const SURVEY_LINK = '/survey/WINTER';

export const LOGOS = {
  latex: '/images/logos/latex.svg',
  foil: '/images/logos/foil.svg',
  bubbles: '/images/logos/bubbles.svg',
  shop: '/images/logos/shop.svg',
} as const;
