import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { EXPENSE_EXPORT_MAX_ROWS, type ErrorBody, type Expense, type ExpensePage, type ExpenseSummary, type ExpenseYears } from '@freemarket/contracts';
import { expenses } from '../src/db/schema/index.js';
import { call, seedMembers, startCommerce, type CommerceUnderTest, type Member } from './_util.js';

let sut: CommerceUnderTest;
beforeAll(async () => {
  sut = await startCommerce();
});
afterAll(() => sut?.stop());

const paint = { type: 'business', amount: '84.20', lineItem: 'Exterior paint', vendor: 'Corner Hardware', category: 'Supplies', paymentMethod: 'debit_card', expenseDate: '2030-03-14' };
const record = (by: Member, body: unknown = paint) => call<Expense & ErrorBody>(sut, by.id, 'POST', '/api/expenses', body);

describe('recording an expense', () => {
  it('keeps it for its owner, with the day as given and today when none is', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    const saved = await record(ada!);
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ ...paint, notes: null, expenseDate: '2030-03-14' });
    const { expenseDate: _, ...undated } = paint;
    expect((await record(ada!, undated)).body.expenseDate).toBe(new Date().toISOString().slice(0, 10));
    expect((await record(ada!, { ...paint, expenseDate: '2030-03-15T23:30:00-08:00' })).body.expenseDate).toBe('2030-03-15');
  });

  it.each([
    ['no amount', { ...paint, amount: undefined }, /^body\.amount: /],
    ['an amount of zero', { ...paint, amount: '0' }, /^body\.amount: /],
    ['an amount with three decimals', { ...paint, amount: '1.001' }, /^body\.amount: /],
    ['a blank line item', { ...paint, lineItem: '  ' }, /^body\.lineItem: /],
    ['a blank vendor', { ...paint, vendor: '' }, /^body\.vendor: /],
    ['a 501-character line item', { ...paint, lineItem: 'x'.repeat(501) }, /^body\.lineItem: /],
    ['a 201-character vendor', { ...paint, vendor: 'x'.repeat(201) }, /^body\.vendor: /],
    ['a 101-character category', { ...paint, category: 'x'.repeat(101) }, /^body\.category: /],
    ['a 2001-character note', { ...paint, notes: 'x'.repeat(2001) }, /^body\.notes: /],
    ['a payment method of the wrong list', { ...paint, paymentMethod: 'venmo' }, /^body\.paymentMethod: /],
    ['a date that is not one', { ...paint, expenseDate: '2030-02-30' }, /^body\.expenseDate: /],
    ['an unknown type', { ...paint, type: 'household' }, /^body\.type: /],
    ['the year 0', { ...paint, expenseDate: '0000-06-01' }, /^body\.expenseDate: /],
    ['a day before 1900', { ...paint, expenseDate: '1899-12-31' }, /^body\.expenseDate: must be 1900-01-01 or later/],
  ])('refuses %s with a 400, and stores nothing', async (_, body, message) => {
    const [ada] = await seedMembers(sut, 'Ada');
    const refused = await record(ada!, body);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(message);
    expect(await sut.service.runtime.db.select().from(expenses).where(eq(expenses.userId, ada!.id))).toEqual([]);
  });
});

describe('a member’s expenses', () => {
  it('lists only the owner’s, of the asked type, latest date first, by cursor', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    for (const [day, type] of [['2030-01-05', 'business'], ['2030-01-20', 'personal'], ['2030-01-10', 'business'], ['2030-01-01', 'business']] as const) {
      await record(ada!, { ...paint, type, expenseDate: day });
    }
    await record(bob!);
    const first = await call<ExpensePage>(sut, ada!.id, 'GET', '/api/expenses?type=business&limit=2');
    const rest = await call<ExpensePage>(sut, ada!.id, 'GET', `/api/expenses?type=business&limit=2&cursor=${first.body.nextCursor}`);
    expect([...first.body.items, ...rest.body.items].map((e) => e.expenseDate)).toEqual(['2030-01-10', '2030-01-05', '2030-01-01']);
    expect((await call<ExpensePage>(sut, ada!.id, 'GET', '/api/expenses?type=personal')).body.items.map((e) => e.expenseDate)).toEqual(['2030-01-20']);
    expect((await call<ExpensePage>(sut, bob!.id, 'GET', '/api/expenses')).body.items).toHaveLength(1);
    expect((await call(sut, ada!.id, 'GET', '/api/expenses?limit=101')).status).toBe(400);
  });

  it('lets only the owner change or delete one: anyone else gets 404 and it stays', async () => {
    const [ada, eve] = await seedMembers(sut, 'Ada', 'Eve');
    const { body: expense } = await record(ada!);
    expect((await call(sut, eve!.id, 'PUT', `/api/expenses/${expense.id}`, { ...paint, amount: '1.00' })).status).toBe(404);
    expect((await call(sut, eve!.id, 'DELETE', `/api/expenses/${expense.id}`)).status).toBe(404);
    expect((await call<Expense>(sut, ada!.id, 'PUT', `/api/expenses/${expense.id}`, { ...paint, amount: '90.00' })).body.amount).toBe('90.00');
    expect((await call(sut, ada!.id, 'DELETE', `/api/expenses/${expense.id}`)).status).toBe(204);
    expect((await call(sut, ada!.id, 'DELETE', `/api/expenses/${randomUUID()}`)).status).toBe(404);
  });

  it('keeps every field a change leaves out, and clears one sent as null', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    const { body: expense } = await record(ada!, { ...paint, type: 'personal', notes: 'Two coats', expenseDate: '2022-05-01' });
    const changed = await call<Expense>(sut, ada!.id, 'PUT', `/api/expenses/${expense.id}`, { amount: '11.00', category: null });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ...expense, amount: '11.00', category: null });
    expect((await call<ErrorBody>(sut, ada!.id, 'PUT', `/api/expenses/${expense.id}`, { vendor: ' ' })).body.message).toMatch(/^body\.vendor: /);
    expect((await call<ErrorBody>(sut, ada!.id, 'PUT', `/api/expenses/${expense.id}`, { expenseDate: null })).body.message).toMatch(/^body\.expenseDate: /);
  });

  it('takes a period named by one end as that end’s calendar year', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    await record(ada!, { ...paint, amount: '10.00', expenseDate: '2023-05-01' });
    await record(ada!, { ...paint, amount: '20.00', expenseDate: '2022-12-31' });
    expect((await call<ExpenseSummary>(sut, ada!.id, 'GET', '/api/expenses/summary?to=2023-06-30')).body).toMatchObject({ from: '2023-01-01', to: '2023-06-30', total: '10.00', count: 1 });
    expect((await call<ExpenseSummary>(sut, ada!.id, 'GET', '/api/expenses/summary?from=2022-03-01')).body).toMatchObject({ from: '2022-03-01', to: '2022-12-31', total: '20.00', count: 1 });
    const csv = await fetch(`${sut.url}/api/expenses/export.csv?to=2023-06-30`, { headers: await sut.as(ada!.id) });
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="expenses-all-2023-01-01-to-2023-06-30.csv"');
  });

  it('totals a period in all, by category and by month, to the cent', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    await record(ada!, { ...paint, amount: '0.10', category: 'Supplies', expenseDate: '2031-01-31' });
    await record(ada!, { ...paint, amount: '0.20', category: 'Supplies', expenseDate: '2031-02-01' });
    await record(ada!, { ...paint, amount: '100.00', category: 'Rent', expenseDate: '2031-02-28' });
    await record(ada!, { ...paint, amount: '5.00', category: null, expenseDate: '2031-02-15' });
    await record(ada!, { ...paint, amount: '999.00', expenseDate: '2031-03-01' });
    const summary = (await call<ExpenseSummary>(sut, ada!.id, 'GET', '/api/expenses/summary?from=2031-01-01&to=2031-02-28')).body;
    expect(summary).toMatchObject({ from: '2031-01-01', to: '2031-02-28', total: '105.30', count: 4 });
    expect(summary.byCategory).toEqual([
      { category: 'Rent', total: '100.00', count: 1 },
      { category: null, total: '5.00', count: 1 },
      { category: 'Supplies', total: '0.30', count: 2 },
    ]);
    expect(summary.byMonth).toEqual([
      { month: '2031-01', total: '0.10', count: 1 },
      { month: '2031-02', total: '105.20', count: 3 },
    ]);
    expect((await call(sut, ada!.id, 'GET', '/api/expenses/summary?from=2031-03-01&to=2031-01-01')).status).toBe(400);
  });

  it('answers the widest periods and totals beyond one amount’s size, never a 500', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    await record(ada!, { ...paint, amount: '99999999.99', expenseDate: '1900-01-01' });
    await record(ada!, { ...paint, amount: '99999999.99', expenseDate: '9999-12-31' });
    const all = await call<ExpensePage>(sut, ada!.id, 'GET', '/api/expenses');
    expect(all.body.items.map((e) => e.expenseDate)).toEqual(['9999-12-31', '1900-01-01']);
    const summary = await call<ExpenseSummary>(sut, ada!.id, 'GET', '/api/expenses/summary?from=0001-01-01&to=9999-12-31');
    expect(summary.body).toMatchObject({ total: '199999999.98', count: 2 });
    expect((await call(sut, ada!.id, 'GET', '/api/expenses?from=0000-01-01')).status).toBe(400);
  });

  it('names each payment method in the CSV as the profile page does, and leaves a missing one empty', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    const methods = ['cash', 'credit_card', 'debit_card', 'check', 'bank_transfer', 'other', null];
    for (const [i, paymentMethod] of methods.entries()) await record(ada!, { ...paint, paymentMethod, expenseDate: `2033-02-0${i + 1}` });
    const res = await fetch(`${sut.url}/api/expenses/export.csv?from=2033-01-01&to=2033-12-31`, { headers: await sut.as(ada!.id) });
    const rows = parse(await res.text()) as string[][];
    expect(rows.slice(1).map((row) => row[6])).toEqual(['Cash', 'Credit Card', 'Debit Card', 'Check', 'Bank Transfer', 'Other', '']);
  });

  it('exports a period as CSV with commas, quotes and line breaks quoted and formulas neutralised', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    await record(ada!, { ...paint, lineItem: 'Nails, screws and "anchors"', vendor: '=HYPERLINK("http://evil.example","x")', notes: 'Two trips\nto the store', expenseDate: '2032-05-02' });
    await record(ada!, { ...paint, lineItem: '+1 ladder', vendor: '@SUM(A1)', category: '-discount', expenseDate: '2032-05-01' });
    await record(ada!, { ...paint, lineItem: 'Paint\rrollers', vendor: 'Corner Hardware', notes: 'Kept for\r\nthe records', expenseDate: '2032-05-03' });
    const res = await fetch(`${sut.url}/api/expenses/export.csv?from=2032-01-01&to=2032-12-31`, { headers: await sut.as(ada!.id) });
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="expenses-all-2032-01-01-to-2032-12-31.csv"');
    const text = await res.text();
    // Read as strictly as a spreadsheet does: any line break outside quotes ends a row.
    const rows = parse(text, { record_delimiter: ['\r\n', '\n', '\r'] }) as string[][];
    expect(rows).toEqual([
      ['Date', 'Type', 'Amount', 'Line item', 'Vendor', 'Category', 'Payment method', 'Notes'],
      ['2032-05-01', 'business', '84.20', "'+1 ladder", "'@SUM(A1)", "'-discount", 'Debit Card', ''],
      ['2032-05-02', 'business', '84.20', 'Nails, screws and "anchors"', '\'=HYPERLINK("http://evil.example","x")', 'Supplies', 'Debit Card', 'Two trips\nto the store'],
      ['2032-05-03', 'business', '84.20', 'Paint\rrollers', 'Corner Hardware', 'Supplies', 'Debit Card', 'Kept for\r\nthe records'],
    ]);
    expect(text).toContain('"Two trips\nto the store"\r\n');
  });

  it('refuses, rather than cut, an export of a period with more expenses than one file holds', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    await sut.service.runtime.db.execute(
      sql`insert into commerce.expenses (user_id, amount, line_item, vendor, expense_date)
          select ${ada!.id}, '1.00', 'Receipt ' || n, 'Corner Hardware', timestamptz '2034-01-01 00:00Z' + (n % 365) * interval '1 day'
          from generate_series(1, ${EXPENSE_EXPORT_MAX_ROWS + 1}) as n`,
    );
    const whole = await fetch(`${sut.url}/api/expenses/export.csv?from=2034-01-01&to=2034-12-31`, { headers: await sut.as(ada!.id) });
    expect(whole.status).toBe(400);
    expect(((await whole.json()) as ErrorBody).message).toBe('querystring.from: this period holds more than 10,000 expenses; export a shorter one');
    // A shorter period fits: every one of its rows is in the file.
    const day = await fetch(`${sut.url}/api/expenses/export.csv?from=2034-01-01&to=2034-01-01`, { headers: await sut.as(ada!.id) });
    expect(day.status).toBe(200);
    expect((parse(await day.text()) as string[][]).length).toBe(1 + Math.floor((EXPENSE_EXPORT_MAX_ROWS + 1) / 365));
  });

  it('lists the calendar years holding the member’s expenses of a type, latest first, each once', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    for (const [day, type] of [['2031-12-31', 'business'], ['2031-01-01', 'business'], ['2029-06-15', 'business'], ['1999-03-01', 'business'], ['2030-07-04', 'personal']] as const) {
      await record(ada!, { ...paint, type, expenseDate: day });
    }
    await record(bob!, { ...paint, expenseDate: '2035-01-01' });
    expect((await call<ExpenseYears>(sut, ada!.id, 'GET', '/api/expenses/years?type=business')).body).toEqual({ years: [2031, 2029, 1999] });
    expect((await call<ExpenseYears>(sut, ada!.id, 'GET', '/api/expenses/years?type=personal')).body).toEqual({ years: [2030] });
    expect((await call<ExpenseYears>(sut, ada!.id, 'GET', '/api/expenses/years')).body).toEqual({ years: [2031, 2030, 2029, 1999] });
    const [cy] = await seedMembers(sut, 'Cy');
    expect((await call<ExpenseYears>(sut, cy!.id, 'GET', '/api/expenses/years')).body).toEqual({ years: [] });
    expect((await call(sut, ada!.id, 'GET', '/api/expenses/years?type=household')).status).toBe(400);
  });

  it('answers 401 to anyone not signed in', async () => {
    expect(await call(sut, null, 'GET', '/api/expenses')).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
    expect((await fetch(`${sut.url}/api/expenses/export.csv`)).status).toBe(401);
    expect((await call(sut, null, 'GET', '/api/expenses/years')).status).toBe(401);
  });
});
