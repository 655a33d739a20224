import type { Item } from '@freemarket/contracts';
import { DollarSign, HandHeart, ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/** Spec 01 §7: Send Money to /checkout, with the amount left for the member to enter. */
export function SendMoneyLink({ sellerId, name }: { sellerId: string; name: string }) {
  return (
    <Link className={buttonClass('outline', 'sm')} to={paths.checkout.getHref({ sellerId, type: 'transfer', description: `Money transfer to ${name}` })}>
      <DollarSign className="h-4 w-4" aria-hidden="true" /> Send Money
    </Link>
  );
}

/** Spec 01 §7 and spec 02 §2: Donate, for political candidates only. */
export function DonateLink({ sellerId, name }: { sellerId: string; name: string }) {
  return (
    <Link className={buttonClass('outline', 'sm')} to={paths.checkout.getHref({ sellerId, type: 'donation', description: `Campaign donation for ${name}` })}>
      <HandHeart className="h-4 w-4" aria-hidden="true" /> Donate
    </Link>
  );
}

/** The profile dialog's pair: Send Money and, for candidates only, Donate. */
export function CheckoutLinks({ sellerId, name, isPoliticalCandidate }: { sellerId: string; name: string; isPoliticalCandidate: boolean }) {
  return (
    <>
      <SendMoneyLink sellerId={sellerId} name={name} />
      {isPoliticalCandidate ? <DonateLink sellerId={sellerId} name={name} /> : null}
    </>
  );
}

/**
 * Spec 02 §2, the Shop tab: Buy Now for an item with a price, to /checkout with the item and its
 * price (the server charges the item's own price whatever the link says). A screen reader hears
 * which item ('Buy Now Oak stool', as with its Edit and Delete), since every item has one.
 */
export function BuyNowLink({ item }: { item: Pick<Item, 'id' | 'userId' | 'title'> & { price: string } }) {
  return (
    <Link className={buttonClass('primary', 'sm')} to={paths.checkout.getHref({ sellerId: item.userId, itemId: item.id, amount: item.price, type: 'purchase', description: item.title })}>
      <ShoppingCart className="h-4 w-4" aria-hidden="true" /> Buy Now<span className="sr-only"> {item.title}</span>
    </Link>
  );
}
