import type { SurveyQuestionResult } from '@freemarket/contracts';
import { YES_NO_LABELS } from '../utils/constants';

function percent(count: number, total: number): number {
  return total === 0 ? 0 : Math.round((count / total) * 100);
}

/**
 * One bar of a chart: a plain div the width of its share. The bar is an image named by its
 * figures for screen readers; the same figures are written beside it for everyone else.
 */
function Bar({ label, count, total }: { label: string; count: number; total: number }) {
  const pct = percent(count, total);
  return (
    <li className="grid gap-1">
      <div className="flex justify-between gap-3 text-sm text-slate-800" aria-hidden="true">
        <span className="wrap-anywhere">{label}</span>
        <span className="shrink-0 tabular-nums">
          {count} ({pct}%)
        </span>
      </div>
      <div role="img" aria-label={`${label}: ${count} of ${total} (${pct}%)`} className="h-3 overflow-hidden rounded-full bg-slate-100">
        <div className="h-full rounded-full bg-blue-700" style={{ width: `${pct}%` }} />
      </div>
    </li>
  );
}

/**
 * The totals of one question: a bar per option, per rating or for yes and no; for text a count,
 * and the newest answers when `showLatest` (the responders' list below has not reached them).
 */
export function ResultBars({ result, showLatest }: { result: SurveyQuestionResult; showLatest: boolean }) {
  const total = result.answerCount;
  switch (result.type) {
    case 'multiple_choice':
      return (
        <ul className="grid gap-2" aria-label="Totals per option">
          {result.options.map((o) => (
            <Bar key={o.option} label={o.option} count={o.count} total={total} />
          ))}
        </ul>
      );
    case 'rating':
      return (
        <div className="grid gap-2">
          <p className="text-sm text-slate-800">{result.mean === null ? 'No ratings yet' : `Average rating: ${result.mean.toFixed(2)} of 5`}</p>
          <ul className="grid gap-2" aria-label="Totals per rating">
            {result.distribution.map((d) => (
              <Bar key={d.rating} label={`Rating ${d.rating}`} count={d.count} total={total} />
            ))}
          </ul>
        </div>
      );
    case 'yes_no':
      return (
        <ul className="grid gap-2" aria-label="Totals for yes and no">
          <Bar label={YES_NO_LABELS.yes} count={result.yes} total={total} />
          <Bar label={YES_NO_LABELS.no} count={result.no} total={total} />
        </ul>
      );
    case 'text':
      return (
        <div className="grid gap-2 text-sm text-slate-800">
          <p>
            {total} written {total === 1 ? 'answer' : 'answers'}
          </p>
          {showLatest && result.latest.length > 0 ? (
            <ul className="grid gap-1 rounded-md bg-slate-50 p-2" aria-label="Latest answers">
              {result.latest.map((a, i) => (
                <li key={i} className="wrap-anywhere whitespace-pre-wrap">
                  {a.answer}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      );
  }
}
