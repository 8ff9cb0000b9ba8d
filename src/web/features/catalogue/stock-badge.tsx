import classes from './catalogue.module.css';

/**
 * Stock of one warehouse, as the catalogue labels them: Fresno = West, Fairhope = East (spec §1).
 * A plain span that looks like Mantine's light Badge: every product card shows two.
 */
export function StockBadge({ label, inStock }: { label: 'West' | 'East'; inStock: boolean }) {
  return (
    <span className={classes.stock} data-in-stock={inStock || undefined}>
      {label}: {inStock ? 'In stock' : 'Out of stock'}
    </span>
  );
}

export const money = (n: number) => `$${n.toFixed(2)}`;
