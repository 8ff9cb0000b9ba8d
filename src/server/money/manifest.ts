import type { ModuleRoutes } from '../platform/http/module-routes';
import { buyerMoneyRoutes } from './buyer-routes';
import type { MoneyContext } from './context';
import { paymentRoutes } from './payment-routes';
import { adminTaxCertificateRoutes, buyerTaxCertificateRoutes } from './tax-certificate-routes';
import { taxRoutes } from './tax-routes';

export const moneyModule: ModuleRoutes<MoneyContext> = { name: 'money', api: [buyerMoneyRoutes, buyerTaxCertificateRoutes], admin: [paymentRoutes, taxRoutes, adminTaxCertificateRoutes] };
