import type { ListItem } from '../../../contract/catalogue';
import type { PriceView } from '../pricing/price-book';
import type { IndexedItem } from './item';

const cents = (c: number) => Math.round(c) / 100;

export function toListItem(item: IndexedItem, prices: PriceView | null): ListItem {
  const listItem: ListItem = {
    num: item.num,
    code: item.code,
    web_Title: item.title,
    picture: item.picture,
    inventoryPicture: item.picture,
    logo: item.logo,
    inStockFresno: item.inWest,
    inStockFairhope: item.inEast,
    new: item.isNew,
    srp: cents(item.srpCents),
  };
  if (prices) listItem.price = cents(prices.unitCents(item));
  return listItem;
}

/** `JSON.stringify(toListItem(item, prices))`, without building the object. */
export function listItemJson(item: IndexedItem, prices: PriceView | null): string {
  const q = JSON.stringify;
  const picture = q(item.picture);
  return (
    `{"num":${q(item.num)},"code":${q(item.code)},"web_Title":${q(item.title)},"picture":${picture},"inventoryPicture":${picture},` +
    `"logo":${q(item.logo)},"inStockFresno":${item.inWest},"inStockFairhope":${item.inEast},"new":${item.isNew},"srp":${q(cents(item.srpCents))}` +
    `${prices ? `,"price":${q(cents(prices.unitCents(item)))}` : ''}}`
  );
}
