import type { ListTransactionsQuery, Transaction, TransactionStatus } from '@freemarket/contracts';
import { TRANSACTION_TYPES, type TransactionType } from '@freemarket/contracts/constants';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field, Select } from '../../../components/ui/field';
import { LoadMore } from '../../../components/ui/load-more';
import { SkeletonList } from '../../../components/ui/skeleton';
import { memberName } from '../../../lib/member-name';
import { useTransactions, type TransactionFilters } from '../api/get-transactions';
import { REFUND_REASON_TEXT, SOURCE_LABELS, STATUS_LABELS, TYPE_LABELS } from '../utils/payment-text';
import { formatMoney } from '../../../lib/money';

type Role = ListTransactionsQuery['role'];
const ROLE_LABELS: Readonly<Record<Role, string>> = { all: 'All', buyer: 'Paid by me', seller: 'Paid to me' };
const STATUSES = Object.keys(STATUS_LABELS) as TransactionStatus[];

const STATUS_STYLES: Readonly<Record<TransactionStatus, string>> = {
  succeeded: 'bg-green-100 text-green-900',
  pending: 'bg-amber-100 text-amber-900',
  failed: 'bg-red-100 text-red-900',
  canceled: 'bg-slate-100 text-slate-800',
  partially_refunded: 'bg-slate-200 text-slate-900',
  refunded: 'bg-slate-200 text-slate-900',
  recorded: 'bg-blue-100 text-blue-900',
};

/** The filters from the address, so a filtered history can be reloaded or shared; anything unknown means all. */
function readFilters(params: URLSearchParams): TransactionFilters {
  const role = params.get('role');
  const type = params.get('type');
  const status = params.get('status');
  return {
    role: role === 'buyer' || role === 'seller' ? role : 'all',
    ...((TRANSACTION_TYPES as readonly string[]).includes(type ?? '') ? { type: type as TransactionType } : {}),
    ...((STATUSES as readonly string[]).includes(status ?? '') ? { status: status as TransactionStatus } : {}),
  };
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Whether the amount changed hands (and stayed): only then is it shown signed, as paid or received. */
const MONEY_MOVED: Record<TransactionStatus, boolean> = {
  recorded: true,
  succeeded: true,
  partially_refunded: true,
  refunded: false,
  pending: false,
  failed: false,
  canceled: false,
};

function TransactionRow({ transaction: t, meId }: { transaction: Transaction; meId: string }) {
  const paid = t.buyerId === meId;
  const other = paid ? t.seller : t.buyer;
  const name = other ? memberName(other) : 'A FreeMarket member';
  return (
    <li className="grid gap-1 py-3 sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4" data-testid="transaction-row">
      <div className="min-w-0">
        <p className="font-medium wrap-anywhere text-slate-900">
          {paid ? 'To' : 'From'} {name}
        </p>
        <p className="text-sm text-slate-600">
          <time dateTime={t.createdAt}>{dateFormat.format(new Date(t.createdAt))}</time> · {TYPE_LABELS[t.type]} · {SOURCE_LABELS[t.source]}
        </p>
        {t.description ? <p className="text-sm wrap-anywhere text-slate-700">{t.description}</p> : null}
        {t.status === 'partially_refunded' ? <p className="text-sm text-slate-700">{formatMoney(t.amountRefunded)} refunded</p> : null}
        {t.refundReason ? (
          <p className="text-sm text-slate-700">
            {REFUND_REASON_TEXT[t.refundReason][paid ? 'payer' : 'payee']}: {t.status === 'refunded' ? 'refunded in full.' : 'being refunded in full.'}
          </p>
        ) : null}
      </div>
      <div className="flex items-center gap-3 sm:justify-end">
        <Badge className={STATUS_STYLES[t.status]}>{STATUS_LABELS[t.status]}</Badge>
        {MONEY_MOVED[t.status] ? (
          <span className={paid ? 'font-semibold text-slate-900' : 'font-semibold text-green-800'}>
            <span className="sr-only">{paid ? 'Paid' : 'Received'} </span>
            {paid ? '−' : '+'}
            {formatMoney(t.amount)}
          </span>
        ) : (
          <span className={t.status === 'refunded' ? 'text-slate-500 line-through' : 'text-slate-500'}>
            <span className="sr-only">{t.status === 'refunded' ? 'Refunded' : 'Not paid'} </span>
            {formatMoney(t.amount)}
          </span>
        )}
      </div>
    </li>
  );
}

/** Issue 24, /transactions: the member's payments, donations, transfers and logged transactions, filtered and paged. */
export function TransactionsScreen({ meId }: { meId: string }) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const transactions = useTransactions(filters);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = transactions;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const items = useMemo(() => (transactions.data?.pages ?? []).flatMap((p) => p.items), [transactions.data]);
  const filtered = filters.role !== 'all' || filters.type !== undefined || filters.status !== undefined;

  const setFilter = (name: 'role' | 'type' | 'status', value: string) => {
    const next = new URLSearchParams(params);
    if (value === 'all') next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  };

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-4 p-4">
      <h1 className="text-2xl font-bold text-slate-900">Transaction History</h1>
      <form className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3" aria-label="Filter transactions" onSubmit={(e) => e.preventDefault()}>
        <Field label="Role" htmlFor="tx-filter-role">
          <Select id="tx-filter-role" value={filters.role} onChange={(e) => setFilter('role', e.target.value)}>
            {(Object.keys(ROLE_LABELS) as Role[]).map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Type" htmlFor="tx-filter-type">
          <Select id="tx-filter-type" value={filters.type ?? 'all'} onChange={(e) => setFilter('type', e.target.value)}>
            <option value="all">All types</option>
            {TRANSACTION_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Status" htmlFor="tx-filter-status">
          <Select id="tx-filter-status" value={filters.status ?? 'all'} onChange={(e) => setFilter('status', e.target.value)}>
            {/* The server leaves out checkouts opened and never paid unless their status is chosen. */}
            <option value="all">All but unpaid checkouts</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </Field>
      </form>
      <section aria-labelledby="tx-list-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="tx-list-heading" className="sr-only">
          Transactions
        </h2>
        {transactions.isPending ? (
          <SkeletonList count={3} label="Loading transactions" itemClassName="h-14 w-full" />
        ) : transactions.isError ? (
          <div className="grid justify-items-center gap-3 py-6 text-center text-slate-700">
            <p>Your transactions could not be loaded.</p>
            <Button variant="outline" onClick={() => void transactions.refetch()}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className="py-6 text-center text-slate-700">{filtered ? 'No transactions match these filters.' : 'No transactions yet.'}</p>
        ) : (
          <>
            <ul className="grid divide-y divide-slate-100" aria-label="Transactions">
              {items.map((t) => (
                <TransactionRow key={t.id} transaction={t} meId={meId} />
              ))}
            </ul>
            <LoadMore hasMore={hasNextPage} loading={isFetchingNextPage} onLoadMore={loadMore} label="Load more transactions" />
          </>
        )}
      </section>
    </div>
  );
}
