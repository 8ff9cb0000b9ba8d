import type { ModuleRoutes } from '../platform/http/module-routes';
import { buyerMoneyRoutes } from './buyer-routes';
import type { MoneyContext } from './context';
import { paymentRoutes } from './payment-routes';
import { taxRoutes } from './tax-routes';

export const moneyModule: ModuleRoutes<MoneyContext> = { name: 'money', api: [buyerMoneyRoutes], admin: [paymentRoutes, taxRoutes] };
