/** Test helpers of the orders module, for other modules' tests. */
export { insertCoupon } from './cart/queries';
export { addShipTo, signUpCustomer } from './cart/test-customers';
export type { TestCustomer } from './cart/test-customers';
export { seedDemoCoupons } from './cart/demo-coupons';
export { lockOrder, saveOrderState } from './order-state';
