import { useEffect, useRef } from 'react';
import { Button } from './button';

export interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** The button's text, naming what it loads ('Load more posts'). */
  label: string;
}

/**
 * The end of a paged list: the next page loads when this comes into view, and the button does the
 * same for a keyboard, a screen reader or a browser without IntersectionObserver.
 */
export function LoadMore({ hasMore, loading, onLoadMore, label }: LoadMoreProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    // Observed again after each page: while the end stays in view, pages keep coming until it leaves.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onLoadMore();
    }, { rootMargin: '200px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, loading, onLoadMore]);
  if (!hasMore) return null;
  return (
    <div ref={ref} className="flex justify-center py-2">
      {/* aria-disabled, not disabled: a disabled button drops the keyboard focus while the page loads. */}
      <Button variant="outline" aria-disabled={loading || undefined} onClick={() => (loading ? undefined : onLoadMore())}>
        {loading ? 'Loading...' : label}
      </Button>
    </div>
  );
}
