import { Coins } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useRewardBalance } from '../api/get-balance';

/** The header's balance, linking to /rewards. */
export function RewardsButton() {
  const balance = useRewardBalance(true);
  const points = balance.data?.balance ?? 0;
  return (
    <Link to={paths.rewards.getHref()} className={buttonClass('outline', 'sm')} aria-label={`Rewards balance: ${points} points`} data-testid="rewards-balance">
      <Coins className="h-4 w-4 text-amber-600" aria-hidden="true" />
      <span>{points}</span>
    </Link>
  );
}
