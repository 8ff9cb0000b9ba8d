import { Button } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import type { ListItem } from '../../../contract/catalogue';
import { ProductPicture } from '../../components/product-picture';
import { useAccountStatusMessage } from '../../components/account-status-notice';
import { useSession } from '../../lib/session';
import { addToCartCallbacks, useAddToCart } from './add-to-cart';
import { BackorderAlert } from './buy-box';
import { ItemLogo } from './item-logo';
import { detailLink } from './product-card';
import { money } from './stock-badge';
import classes from './product-table.module.css';

const yesNo = (label: string, v: boolean) => (
  <span className={v ? classes.yes : classes.no}>
    <span className={classes.cellLabel}>{label}: </span>
    {v ? 'Yes' : 'No'}
  </span>
);

/**
 * The list view (spec §2): picture, item number, logo, description, price, In Stock West / East,
 * and for a signed-in buyer a quantity with Add to cart on every row. A table on wider screens; on
 * a phone each row is a card (product-table.module.css), so nothing is cut off or scrolls sideways.
 */
export function ProductTable({ items, categoryNum }: { items: ListItem[]; categoryNum: number | null }) {
  const session = useSession();
  const blocked = useAccountStatusMessage();
  const canOrder = session.status === 'signedIn' && !blocked;
  return (
    <table className={classes.table} data-testid="product-list">
      <thead>
        <tr>
          <th>Picture</th>
          <th>Item #</th>
          <th>Logo</th>
          <th>Description</th>
          <th className={classes.right}>{canOrder ? 'Your price' : 'SRP'}</th>
          <th>In Stock West</th>
          <th>In Stock East</th>
          {canOrder && <th>Quantity</th>}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <ProductRow key={item.num} item={item} categoryNum={categoryNum} canOrder={canOrder} />
        ))}
      </tbody>
    </table>
  );
}

function ProductRow({ item, categoryNum, canOrder }: { item: ListItem; categoryNum: number | null; canOrder: boolean }) {
  const link = detailLink(item, categoryNum);
  const price = canOrder && item.price !== undefined ? item.price : item.srp;
  return (
    <tr className={classes.row}>
      <td className={classes.picture}>
        <Link to={link} aria-label={item.web_Title}>
          <ProductPicture src={item.picture} alt="" size={56} loading="lazy" />
        </Link>
      </td>
      <td className={classes.num}>
        <Link to={link}>{item.num}</Link>
      </td>
      <td className={classes.logo}>
        <ItemLogo src={item.logo} height={20} />
      </td>
      <td className={classes.title}>{item.web_Title}</td>
      <td className={classes.price}>
        {!canOrder && <span className={classes.cellLabel}>SRP </span>}
        {money(price)}
      </td>
      <td className={classes.west}>{yesNo('In stock West', item.inStockFresno)}</td>
      <td className={classes.east}>{yesNo('In stock East', item.inStockFairhope)}</td>
      {canOrder && (
        <td className={classes.order}>
          <AddToCartForm num={item.num} />
        </td>
      )}
    </tr>
  );
}

/** Quantity and Add for one row; the backorder notice, when stock cannot cover the line, under it. */
function AddToCartForm({ num }: { num: string }) {
  const add = useAddToCart();
  const [qty, setQty] = useState('1');
  const quantity = Number(qty);
  const valid = Number.isInteger(quantity) && quantity >= 1 && quantity <= 9999;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid) add.mutate({ invNum: num, qty: quantity }, addToCartCallbacks);
  };
  const notice = add.isSuccess ? add.data : null;
  return (
    <form onSubmit={submit} className={classes.orderForm}>
      <div className={classes.orderControls}>
        <input
          className={classes.qty}
          type="number"
          inputMode="numeric"
          min={1}
          max={9999}
          step={1}
          value={qty}
          onChange={(e) => setQty(e.currentTarget.value)}
          aria-label={`Quantity of ${num}`}
        />
        <Button type="submit" size="xs" loading={add.isPending} disabled={!valid} aria-label={`Add ${num} to cart`}>
          Add
        </Button>
      </div>
      {notice && <BackorderAlert notice={notice} />}
    </form>
  );
}
