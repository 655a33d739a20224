import { AlertTriangle, Loader2, Settings } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';

/** The payment screens' one card: a page of its own with the card's title as the page heading. */
export function CheckoutCard({ title, icon, children, className, testId }: { title: string; icon?: ReactNode; children: ReactNode; className?: string; testId?: string }) {
  return (
    <div className="mx-auto grid w-full max-w-lg gap-4 p-4 sm:py-10">
      <section aria-labelledby="checkout-card-title" className={cn('grid gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm', className)} data-testid={testId}>
        <h1 id="checkout-card-title" className="flex items-center gap-2 text-xl font-bold text-slate-900">
          {icon}
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}

export function BackHomeLink({ variant = 'primary' }: { variant?: 'primary' | 'outline' }) {
  return (
    <Link to={paths.home.getHref()} className={buttonClass(variant, 'md')}>
      Back to Home
    </Link>
  );
}

export function HistoryLink({ variant = 'outline' }: { variant?: 'outline' | 'ghost' }) {
  return (
    <Link to={paths.transactions.getHref()} className={buttonClass(variant, 'md')}>
      View transaction history
    </Link>
  );
}

/** Spec 02 §2/§8: the 'Payment Error' card with the reason and 'Back to Home'; `withHistory` for a reason found in the member's transaction history. */
export function PaymentErrorCard({ message, details, onStartAgain, withHistory = false }: { message: string; details?: string; onStartAgain?: () => void; withHistory?: boolean }) {
  return (
    <CheckoutCard title="Payment Error" icon={<AlertTriangle className="h-5 w-5 text-red-700" aria-hidden="true" />} testId="payment-error">
      <div role="alert" className="grid gap-1">
        <p className="text-slate-800">{message}</p>
        {details ? <p className="text-sm text-slate-600">{details}</p> : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {onStartAgain ? (
          <Button type="button" onClick={onStartAgain}>
            Start Again
          </Button>
        ) : null}
        {withHistory ? <HistoryLink /> : null}
        <BackHomeLink variant={onStartAgain ? 'outline' : 'primary'} />
      </div>
    </CheckoutCard>
  );
}

/** Spec 02 §2: neither Stripe's keys nor local mode's development provider. */
export function ConfigurationRequiredCard() {
  return (
    <CheckoutCard title="Payment Configuration Required" icon={<Settings className="h-5 w-5 text-amber-700" aria-hidden="true" />}>
      <p className="text-slate-800">
        Card payments are not set up on this FreeMarket yet. An administrator needs to add the payment provider&apos;s keys before money can be sent or donated here.
      </p>
      <div>
        <BackHomeLink />
      </div>
    </CheckoutCard>
  );
}

/** A spinner with its words, announced politely (spec 02 §4: initialising). */
export function Working({ text }: { text: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 p-10 text-slate-700">
      <Loader2 className="h-6 w-6 animate-spin text-blue-700" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
