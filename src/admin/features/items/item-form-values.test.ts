import { describe, expect, it } from 'vitest';
import { ITEM_MESSAGES, type ItemEditor } from '../../../contract/admin/items';
import { checkItem, formErrors, itemValues, reapply } from './item-form-values';

const item: ItemEditor = {
  num: '11001', code: 'C-1', web_Title: 'Red', web_Product_Info: '', productInfoFormat: 'html', key_Words: '', upc: '', srp: 19.99, price: 12.5, packaged: '100 ct bag', caseQty: 10,
  dimensions: '', color_Family: 'Red', colorGroup: '', brand: 'Skyline', seO_Title: '', new: false, categories: [11, 900],
  filters: { color: ['Red'], sizes: [], events: [], messages: [], shapes: [], themes: [], poscat: ['12'] }, attributes: [], suggestedItems: ['11002'],
  status: 'active', photos: [], orderMultiple: 1, version: 3,
};

describe('the item form', () => {
  it('sends the editor JSON back: the tree category first, then the collections, with the version', () => {
    const checked = checkItem({ ...itemValues(item), collections: ['900', '901'] }, item.version);
    expect(checked.errors).toBeNull();
    expect(checked.body).toMatchObject({ num: '11001', categories: [11, 900, 901], price: 12.5, version: 3 });
  });

  it('names the contract’s problems at their fields before sending', () => {
    const checked = checkItem({ ...itemValues(item), price: 30, upc: '12345', category: null, collections: [] }, item.version);
    expect(checked.errors).toMatchObject({ srp: ITEM_MESSAGES.srpBelowPrice, upc: ITEM_MESSAGES.upcFormat, category: expect.any(String) });
  });

  it('shows the server’s field problems at the form’s fields', () => {
    expect(formErrors({ 'categories.0': 'Category 5 not found', 'filters.poscat.1': 'Unknown poscat 77', 'suggestedItems': 'x', 'attributes.0.name': 'y' })).toEqual({
      category: 'Category 5 not found', 'filters.poscat': 'Unknown poscat 77', suggestedItems: 'x', 'attributes.0.name': 'y',
    });
  });

  it('re-applies only the fields I changed on top of their version', () => {
    const base = itemValues(item);
    const mine = { ...base, web_Title: 'Mine' };
    const theirs = { ...base, price: 9.99 };
    expect(reapply(base, mine, theirs)).toEqual({ ...base, web_Title: 'Mine', price: 9.99 });
  });
});
