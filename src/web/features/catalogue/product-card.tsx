import { memo } from 'react';
import { Link } from 'react-router';
import type { ListItem } from '../../../contract/catalogue';
import classes from './catalogue.module.css';
import { ItemLogo } from './item-logo';
import { money, StockBadge } from './stock-badge';

export function detailLink(item: { num: string }, categoryNum: number | null): string {
  const p = new URLSearchParams();
  if (categoryNum !== null) p.set('categoryNum', String(categoryNum));
  p.set('productNum', item.num);
  return `/productdetail?${p.toString()}`;
}

interface ProductCardProps {
  item: ListItem;
  categoryNum: number | null;
  /** In the first row: its picture is likely the largest thing on screen, so it loads at once and first. */
  priority?: boolean;
}

/**
 * One product of a grid. Plain elements styled by catalogue.module.css rather than Mantine's Card,
 * Text and Badge: a page paints 20–100 of these on every search and page change, and the plain
 * markup renders several times faster. Memoised: a card whose item did not change is not redrawn.
 * The picture has a fixed square box (width/height and aspect-ratio), so nothing moves when it loads.
 */
export const ProductCard = memo(function ProductCard({ item, categoryNum, priority = false }: ProductCardProps) {
  return (
    <Link to={detailLink(item, categoryNum)} className={classes.card}>
      <span className={classes.cardPicture}>
        {item.new && <span className={classes.newBadge}>New</span>}
        <img
          src={item.picture}
          alt=""
          width={300}
          height={300}
          className={classes.cardImage}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
        />
      </span>
      <span className={classes.cardBody}>
        <span className={classes.cardNumRow}>
          <span className={classes.dimmed}>#{item.num}</span>
          <ItemLogo src={item.logo} height={16} />
        </span>
        <span className={classes.cardTitle}>{item.web_Title}</span>
        <span className={classes.cardPrices}>
          {item.price !== undefined ? (
            <>
              <span className={classes.price}>{money(item.price)}</span>
              <span className={classes.dimmed}>SRP {money(item.srp)}</span>
            </>
          ) : (
            <span className={classes.srp}>SRP {money(item.srp)}</span>
          )}
        </span>
        <span className={classes.cardStock}>
          <StockBadge label="West" inStock={item.inStockFresno} />
          <StockBadge label="East" inStock={item.inStockFairhope} />
        </span>
      </span>
    </Link>
  );
});
