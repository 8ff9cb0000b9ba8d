import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema } from '../../contract/admin/dashboard';
import { reportParams, reportQuery, reportSchema } from '../../contract/admin/reports';
import { problemSchema as problem } from '../../contract/problem';
import type { ReportsContext } from './context';
import { sendCsv } from '../platform/http/csv-reply';
import { dashboardFor } from './dashboard';
import { callerCan, warehouseLimit } from '../staff';
import type { Permission } from '../../contract/admin/permissions';
import { reportCsv } from './report-csv';
import { taxReportQuery, taxReportSchema } from '../../contract/admin/tax-report';
import { taxReportCsv } from './tax-report';

const tags = ['admin: reports'];
const security = [{ staffSession: [] }];
/** Items the dashboard lists under low stock. */
const DASHBOARD_LOW_STOCK = 10;

/** The reports page (DESIGN.md §5 "Reports"), what each counts: reports/service.ts and decision 0023; and the dashboard. */
export const reportRoutes: FastifyPluginAsyncZod<{ ctx: ReportsContext }> = async (app, { ctx }) => {
  app.get(
    '/Reports/:name',
    {
      config: { permission: 'reports:read' },
      schema: {
        tags,
        security,
        description:
          'A report as `{rows, totals}`, or CSV with `format=csv`. `from`/`to`: ISO days, inclusive (default: the last 30 days; more than five years or `to` before `from` is 400). ' +
          '`by` (sales): day, week or month, each row with the same days one range earlier. `sort` (items): top or bottom sellers; `limit` rows. ' +
          'Sales are orders placed, net of cancellations, by the UTC day placed. open-orders, backorders, low-stock and aging are as of now.',
        params: reportParams,
        querystring: reportQuery,
        response: { 200: reportSchema, 400: problem, 401: problem, 403: problem },
      },
    },
    async (request, reply) => {
      const report = await ctx.reports.run(request.params.name, request.query);
      if (request.query.format === 'csv') return sendCsv(reply, `${report.name}-${report.from}-${report.to}.csv`, reportCsv(report));
      return report;
    },
  );

  // A path of its own (months, not days): the router prefers it to `/Reports/:name`.
  app.get(
    '/Reports/tax',
    {
      config: { permission: 'reports:read' },
      schema: {
        tags,
        security,
        description:
          'Sales tax for filing, by ship-to state and month: orders (taxable or exempt; states without nexus left out), taxable and exempt sales (merchandise less discount of what remains), ' +
          'the tax the orders charge now, the tax of credit memos and the net. `from`/`to`: months YYYY-MM, inclusive, UTC (default: this month; more than five years or `to` before `from` is 400). ' +
          'An order counts in the month it was placed, a credit memo in the month of its date, both in the order\'s ship-to state. CSV with `format=csv` (a Total line last).',
        querystring: taxReportQuery,
        response: { 200: taxReportSchema, 400: problem, 401: problem, 403: problem },
      },
    },
    async (request, reply) => {
      const report = await ctx.reports.tax(request.query);
      if (request.query.format === 'csv') return sendCsv(reply, `sales-tax-${report.from}-${report.to}.csv`, taxReportCsv(report));
      return report;
    },
  );

  // The order figures come from order_counts, the sales from sales_daily (two small reads); the dashboard keeps the order desk's tag.
  app.get(
    '/Dashboard',
    {
      config: { permission: 'dashboard:read' },
      // Built by typed code, as it was among the order desk's routes: stringified, not parsed again by zod.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags: ['admin: orders'],
        security,
        description:
          'What the caller can act on: order figures with orders:read (to accept and on hold with orders:write), low stock with stock:read, ' +
          'orders and sales of today and this week against the same weekdays of last week with reports:read. A member limited to one warehouse gets its figures only.',
        response: { 200: dashboardSchema, 401: problem, 403: problem },
      },
    },
    async (request) => {
      const viewer = { can: (p: Permission) => callerCan(request, p), warehouse: warehouseLimit(request) };
      return dashboardFor(viewer, { db: ctx.database.db, lowStock: (w) => ctx.stock.lowStock(DASHBOARD_LOW_STOCK, w) });
    },
  );
};
