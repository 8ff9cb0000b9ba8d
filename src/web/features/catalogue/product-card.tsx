import { memo } from 'react';
import type { ListItem } from '../../../contract/catalogue';
import { router } from '../../app/router';
import classes from './catalogue.module.css';
import { ItemLogo } from './item-logo';
import { money, StockBadge } from './stock-badge';
import { ProductPicture } from '../../components/product-picture';
import { CARD_PICTURE_PX } from '../../components/picture-preload';

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
 * A plain left click on a card opens its page in the app, as React Router's Link does (a click with a
 * modifier key or another button is left to the browser: new tab, new window). Not Link itself: a Link
 * reads the router's location, so every card would redraw on every URL change, and a grid has 20–100.
 */
function openInApp(e: React.MouseEvent<HTMLAnchorElement>) {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
  e.preventDefault();
  void router.navigate(e.currentTarget.getAttribute('href')!);
}

/**
 * One product of a grid. Plain elements styled by catalogue.module.css rather than Mantine's Card,
 * Text and Badge: a page paints 20–100 of these on every search and page change, and the plain
 * markup renders several times faster. Memoised: a card whose item did not change is not redrawn.
 * The picture has a fixed square box (width/height and aspect-ratio), so nothing moves when it loads.
 * A grid may key its cards by position, so that a new page of results updates the cards in place
 * rather than replacing them: the picture and the logo are keyed by their address, so a card never
 * shows the previous item's picture (or its broken-logo state) while the new one loads.
 */
export const ProductCard = memo(function ProductCard({ item, categoryNum, priority = false }: ProductCardProps) {
  return (
    <a href={detailLink(item, categoryNum)} onClick={openInApp} className={classes.card}>
      <span className={classes.cardPicture}>
        {item.new && <span className={classes.newBadge}>New</span>}
        <ProductPicture
          key={item.picture}
          src={item.picture}
          alt=""
          size={CARD_PICTURE_PX}
          className={classes.cardImage}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
        />
      </span>
      <span className={classes.cardBody}>
        <span className={classes.cardNumRow}>
          <span className={classes.dimmed}>#{item.num}</span>
          <ItemLogo key={item.logo} src={item.logo} height={16} />
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
    </a>
  );
});
