const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Prices show 2 decimals (spec §9). */
export const money = (dollars: number): string => usd.format(dollars);
