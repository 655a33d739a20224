import { DollarSign, HandHeart } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/** Spec 01 §7: Send Money and, for candidates only, Donate, both to /checkout with the specified query. */
export function CheckoutLinks({ sellerId, name, isPoliticalCandidate }: { sellerId: string; name: string; isPoliticalCandidate: boolean }) {
  return (
    <>
      <Link className={buttonClass('outline', 'sm')} to={paths.checkout.getHref({ sellerId, type: 'transfer', description: `Money transfer to ${name}` })}>
        <DollarSign className="h-4 w-4" aria-hidden="true" /> Send Money
      </Link>
      {isPoliticalCandidate ? (
        <Link className={buttonClass('outline', 'sm')} to={paths.checkout.getHref({ sellerId, type: 'donation', description: `Campaign donation for ${name}` })}>
          <HandHeart className="h-4 w-4" aria-hidden="true" /> Donate
        </Link>
      ) : null}
    </>
  );
}
