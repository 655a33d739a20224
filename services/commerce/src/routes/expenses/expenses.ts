import { expenseBodySchema, expenseChangeSchema, expensePageSchema, expenseParamsSchema, expensePeriodQuerySchema, expenseSchema, expenseSummarySchema, expenseYearsQuerySchema, expenseYearsSchema, listExpensesQuerySchema } from '@freemarket/contracts';
import { type App, noContent, requireActor, textAnswer } from '@freemarket/kit';
import type { CommerceContext } from '../../context.js';

/** A member's own expenses: list, record, change, delete, the years they span, totals of a period and its CSV export. */
export function expensesRoutes(app: App, ctx: CommerceContext): void {
  app.get('/api/expenses', { config: { memberOnly: true }, schema: { querystring: listExpensesQuerySchema, response: { 200: expensePageSchema } } }, async (req) =>
    ctx.expenses.list(requireActor(req), req.query),
  );
  app.get('/api/expenses/summary', { config: { memberOnly: true }, schema: { querystring: expensePeriodQuerySchema, response: { 200: expenseSummarySchema } } }, async (req) =>
    ctx.expenses.summary(requireActor(req), req.query),
  );
  app.get('/api/expenses/years', { config: { memberOnly: true }, schema: { querystring: expenseYearsQuerySchema, response: { 200: expenseYearsSchema } } }, async (req) =>
    ctx.expenses.years(requireActor(req), req.query),
  );
  app.get('/api/expenses/export.csv', { config: { memberOnly: true }, schema: { querystring: expensePeriodQuerySchema, response: { 200: textAnswer('text/csv', 'The period’s expenses as a CSV file') } } }, async (req, reply) => {
    const { filename, csv } = await ctx.expenses.exportCsv(requireActor(req), req.query);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(csv);
  });
  app.post('/api/expenses', { config: { memberOnly: true }, schema: { body: expenseBodySchema, response: { 201: expenseSchema } } }, async (req, reply) => {
    const expense = await ctx.expenses.create(requireActor(req), req.body);
    return reply.status(201).send(expense);
  });
  app.put('/api/expenses/:id', { config: { memberOnly: true }, schema: { params: expenseParamsSchema, body: expenseChangeSchema, response: { 200: expenseSchema } } }, async (req) =>
    ctx.expenses.update(requireActor(req), req.params.id, req.body),
  );
  app.delete('/api/expenses/:id', { config: { memberOnly: true }, schema: { params: expenseParamsSchema, response: noContent } }, async (req, reply) => {
    await ctx.expenses.remove(requireActor(req), req.params.id);
    return reply.status(204).send(null);
  });
}
