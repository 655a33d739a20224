import { cn } from '../../lib/cn';

/** A grey placeholder block shown while something loads. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200', className)} />;
}

/** `count` placeholders in a labelled busy region, so screen readers hear that the list is loading. */
export function SkeletonList({ count, label, itemClassName }: { count: number; label: string; itemClassName?: string }) {
  return (
    <div role="status" aria-label={label} aria-busy="true" className="grid gap-3" data-testid="loading-placeholders">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={itemClassName ?? 'h-20 w-full'} />
      ))}
    </div>
  );
}
