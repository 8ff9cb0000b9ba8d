import { describe, expect, it } from 'vitest';
import { changeOf, valuesOf } from './profile-change';

const loaded = {
  orgName: 'Demo Party Supply',
  firstName: 'Dana',
  lastName: 'Buyer',
  email: 'buyer@example.com',
  pendingEmail: '',
  dayPhone: '559-555-0100',
  web: '',
  billing: { addressLine1: '1 Main St', city: 'Fresno', state: 'CA', zip: '93706', country: 'US' },
} as Parameters<typeof valuesOf>[0];

describe('the customer edit form', () => {
  it('sends only the fields that were changed, the address ones under billing', () => {
    const before = valuesOf(loaded);
    expect(changeOf(before, { ...before, lastName: 'Whitfield', city: 'Clovis', zip: '93611' })).toEqual({ lastName: 'Whitfield', billing: { city: 'Clovis', zip: '93611' } });
    expect(changeOf(before, { ...before })).toEqual({});
  });

  it('shows the address waiting for its link, so entering the current one again cancels the change', () => {
    const before = valuesOf({ ...loaded, pendingEmail: 'new@example.com' });
    expect(before.email).toBe('new@example.com');
    expect(changeOf(before, { ...before, email: 'buyer@example.com' })).toEqual({ email: 'buyer@example.com' });
  });
});
