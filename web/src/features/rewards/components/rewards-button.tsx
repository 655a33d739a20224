import { Coins } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useIdledOnce } from '../../../lib/use-idled-once';
import { useRewardBalance } from '../api/get-balance';

/** The header's balance, linking to /rewards. */
export function RewardsButton() {
  // Read once the first screen has settled; until then the number's place is kept, not shown as 0.
  const balance = useRewardBalance(useIdledOnce());
  const points = balance.data?.balance;
  return (
    <Link
      to={paths.rewards.getHref()}
      className={buttonClass('outline', 'sm')}
      aria-label={points === undefined ? 'Rewards balance' : `Rewards balance: ${points} points`}
      data-testid="rewards-balance"
    >
      <Coins className="h-4 w-4 text-amber-600" aria-hidden="true" />
      <span className={points === undefined ? 'invisible' : undefined}>{points ?? 0}</span>
    </Link>
  );
}
