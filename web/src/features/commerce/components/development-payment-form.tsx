import type { Transaction } from '@freemarket/contracts';
import { FlaskConical } from 'lucide-react';
import { useId, useRef, useState, type RefObject } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldProblem, Input, problemAttributes } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { useConfirmDevPayment } from '../api/confirm-dev-payment';

/** Stripe's test card that is always declined; the development form declines it too. */
const DECLINED_CARD = '4000000000000002';
/** What a declined card says; Stripe's own words for a generic decline. */
const DECLINED_TEXT = 'Your card was declined.';

type CardField = 'number' | 'expiry' | 'cvc';
type CardErrors = Partial<Record<CardField, string>>;

/** Plausible, not real: any 12 to 19 digits, a month that has not passed, a 3 or 4 digit code. */
function checkCard(number: string, expiry: string, cvc: string, now = new Date()): CardErrors {
  const errors: CardErrors = {};
  if (!/^\d{12,19}$/.test(number.replace(/[\s-]/g, ''))) errors.number = 'Enter a card number of 12 to 19 digits.';
  // MM/YY as printed on a card, or its four digits typed without the slash (1234 is 12/34).
  const exp = /^(0[1-9]|1[0-2])\s*\/?\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!exp) errors.expiry = 'Enter the expiry date as MM/YY.';
  else {
    const year = exp[2]!.length === 2 ? 2000 + Number(exp[2]) : Number(exp[2]);
    if (year * 12 + Number(exp[1]) < now.getFullYear() * 12 + now.getMonth() + 1) errors.expiry = 'This card has expired.';
  }
  if (!/^\d{3,4}$/.test(cvc.trim())) errors.cvc = 'Enter the 3 or 4 digit security code.';
  return errors;
}

function CardInput({
  id,
  label,
  value,
  onChange,
  error,
  inputRef,
  ...input
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
  autoComplete: string;
  placeholder: string;
  maxLength: number;
}) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <Input
        ref={inputRef}
        id={id}
        inputMode="numeric"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...problemAttributes(id, error)}
        {...input}
      />
      <FieldProblem controlId={id} problem={error} />
    </div>
  );
}

/**
 * Local mode's card form (issue 24): clearly no real money. Confirming asks the server to settle the
 * payment through its signed-webhook path, as Stripe's would; a declined card leaves the form open
 * for another try, as Stripe's Payment Element does.
 */
export function DevelopmentPaymentForm({
  clientSecret,
  submitText,
  onSettled,
  onEnded,
}: {
  clientSecret: string;
  submitText: string;
  onSettled: (transaction: Transaction) => void;
  /** The payment was ended meanwhile (the seller changed the item, the buyer started again elsewhere): the server's words. */
  onEnded: (message: string) => void;
}) {
  const id = useId();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [decline, setDecline] = useState(false);
  const [errors, setErrors] = useState<CardErrors>({});
  const refs: Record<CardField, RefObject<HTMLInputElement | null>> = { number: useRef(null), expiry: useRef(null), cvc: useRef(null) };
  const confirm = useConfirmDevPayment(
    (transaction) => {
      if (transaction.status === 'failed') {
        toast({ title: 'Payment Failed', description: DECLINED_TEXT, variant: 'destructive' });
        return;
      }
      onSettled(transaction);
    },
    (error) => {
      if (error instanceof ApiError && error.status === 409) onEnded(errorMessageOf(error));
    },
  );
  const edit = (field: CardField, set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <form
      className="grid gap-4"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        if (confirm.isPending) return;
        const found = checkCard(number, expiry, cvc);
        setErrors(found);
        const first = (['number', 'expiry', 'cvc'] as const).find((f) => found[f]);
        if (first) {
          refs[first].current?.focus();
          return;
        }
        const declined = decline || number.replace(/[\s-]/g, '') === DECLINED_CARD;
        confirm.mutate({ clientSecret, outcome: declined ? 'failed' : 'succeeded' });
      }}
    >
      <div className="grid gap-1 rounded-md border-2 border-dashed border-amber-500 bg-amber-50 p-3" data-testid="development-payments">
        <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold text-amber-900">
          <FlaskConical className="h-4 w-4" aria-hidden="true" /> Development payments, no real money
        </h2>
        <p className="text-sm text-amber-900">
          This FreeMarket runs in local mode: no card is charged and no money moves. Any plausible card details work, and the payment is settled the way a real one is.
        </p>
      </div>
      <CardInput
        id={`${id}-number`}
        label="Card number"
        value={number}
        onChange={edit('number', setNumber)}
        error={errors.number}
        inputRef={refs.number}
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        maxLength={23}
      />
      <div className="grid grid-cols-2 gap-3">
        <CardInput
          id={`${id}-expiry`}
          label="Expiry (MM/YY)"
          value={expiry}
          onChange={edit('expiry', setExpiry)}
          error={errors.expiry}
          inputRef={refs.expiry}
          autoComplete="cc-exp"
          placeholder="12/34"
          maxLength={7}
        />
        <CardInput id={`${id}-cvc`} label="CVC" value={cvc} onChange={edit('cvc', setCvc)} error={errors.cvc} inputRef={refs.cvc} autoComplete="cc-csc" placeholder="123" maxLength={4} />
      </div>
      <div className="grid gap-1">
        <div className="flex items-center gap-2">
          <input id={`${id}-decline`} type="checkbox" className="h-4 w-4 accent-blue-700" checked={decline} onChange={(e) => setDecline(e.target.checked)} aria-describedby={`${id}-decline-hint`} />
          <label htmlFor={`${id}-decline`} className="text-sm font-medium text-slate-800">
            Simulate a declined card
          </label>
        </div>
        <p id={`${id}-decline-hint`} className="text-xs text-slate-600">
          The card number 4000 0000 0000 0002 is declined too, as in Stripe&apos;s test mode.
        </p>
      </div>
      <Button type="submit" aria-disabled={confirm.isPending || undefined}>
        {confirm.isPending ? 'Processing...' : submitText}
      </Button>
    </form>
  );
}
