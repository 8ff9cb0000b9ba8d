import type { Cart, CartItem } from '../../../contract/cart';

/**
 * The JSON of a cart answer, byte for byte what JSON.stringify gives, built faster: a line's
 * catalogue part (`inventoryData`, the same object for an item until the catalogue is reloaded,
 * see `inventoryDataOf`) keeps the JSON of all of its line but the quantity and the extended price.
 * Stringifying the whole answer was the largest cost of a cart read after the database
 * (docs/decisions/0008-cart-hot-path.md).
 */
export function cartJson(cart: Cart): string {
  const { items, ...rest } = cart;
  // `items` is the first key of a cart answer; the rest keep their order.
  let json = '{"items":[';
  for (let i = 0; i < items.length; i++) json += (i === 0 ? '' : ',') + lineJson(items[i]!);
  return `${json}],${JSON.stringify(rest).slice(1)}`;
}

/** A line's JSON around its quantity and extended price, kept per catalogue part (one per item). */
interface KeptLine {
  invNum: string;
  price: number;
  /** `{"invNum":…,"ordQty":` */
  head: string;
  /** `,"price":…,"extended":` */
  mid: string;
  /** `,"inventoryData":…` (the line's case-pack fields, if any, and `}` follow) */
  tail: string;
}

const kept = new WeakMap<object, KeptLine>();

function lineJson(line: CartItem): string {
  // Numbers print the same with a template as with JSON.stringify (they are always finite here).
  let k = kept.get(line.inventoryData);
  // A catalogue part belongs to one item, whose number and price it keeps; checked all the same.
  if (k === undefined || k.invNum !== line.invNum || k.price !== line.price) {
    k = {
      invNum: line.invNum,
      price: line.price,
      head: `{"invNum":${JSON.stringify(line.invNum)},"ordQty":`,
      mid: `,"price":${line.price},"extended":`,
      tail: `,"inventoryData":${JSON.stringify(line.inventoryData)}`,
    };
    kept.set(line.inventoryData, k);
  }
  // The price is the customer's (their level, the break at this quantity): a kept line of another price is made again above.
  const pack = line.orderMultiple === undefined ? '' : `,"orderMultiple":${line.orderMultiple},"notice":${JSON.stringify(line.notice ?? '')}`;
  return `${k.head}${line.ordQty}${k.mid}${line.extended}${k.tail}${pack}}`;
}

const dataOf = new WeakMap<object, CartItem['inventoryData']>();

/** A catalogue item's part of a cart line: one frozen object per catalogue item object. */
export function inventoryDataOf(item: { title: string; picture: string }): CartItem['inventoryData'] {
  let data = dataOf.get(item);
  if (!data) {
    data = Object.freeze({ description: item.title, picture: item.picture, inventoryPicture: item.picture, web_Title: item.title });
    dataOf.set(item, data);
  }
  return data;
}
