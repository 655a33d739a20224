import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { EVENT_DAY_COUNT_MAX } from '../utils/constants';
import { addDays, addMonths, dayKey, longDate, monthWeeks, monthYear, sameDay, sameMonth, startOfMonth, weekdayLong, weekdayShort, weekdays } from '../utils/dates';

export interface EventCalendarProps {
  /** The chosen day (local midnight). */
  selected: Date;
  onSelect: (day: Date) => void;
  /** The first day of the month on show. */
  month: Date;
  onMonthChange: (month: Date) => void;
  /** Events per day of the month on show, by `dayKey`. */
  eventCounts: ReadonlyMap<string, number>;
  today: Date;
}

const WEEKDAYS = weekdays();

function dayLabel(day: Date, count: number): string {
  const events = count === 0 ? '' : count === 1 ? ', 1 event' : `, ${count}${count >= EVENT_DAY_COUNT_MAX ? '+' : ''} events`;
  return `${weekdayLong(day)}, ${longDate(day)}${events}`;
}

/**
 * A single-date picker laid out as a month grid (the WAI-ARIA date picker's grid): one day button in
 * the tab order, arrow keys move by day and week, Home and End to the week's ends, Page Up and Page
 * Down by month, Enter or Space chooses. Days with events are marked, and say so to screen readers.
 */
export function EventCalendar({ selected, onSelect, month, onMonthChange, eventCounts, today }: EventCalendarProps) {
  const captionId = useId();
  const grid = useRef<HTMLTableElement>(null);
  const [focused, setFocused] = useState(selected);
  // A day chosen from outside (the day of a newly created event) becomes the focusable one too.
  const [chosen, setChosen] = useState(selected);
  if (chosen !== selected) {
    setChosen(selected);
    setFocused(selected);
  }
  // Only a key press moves the browser's focus; a re-render or a click on the month buttons must not.
  const focusRequested = useRef(false);

  // The day that can take the focus is the focused one when it is in the month on show, else the
  // chosen day when it is, else the month's first day.
  const tabDay = sameMonth(focused, month) ? focused : sameMonth(selected, month) ? selected : startOfMonth(month);

  useEffect(() => {
    if (!focusRequested.current) return;
    focusRequested.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`button[data-day="${dayKey(tabDay)}"]`)?.focus();
  });

  const moveTo = (day: Date) => {
    focusRequested.current = true;
    setFocused(day);
    if (!sameMonth(day, month)) onMonthChange(startOfMonth(day));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const moves: Record<string, () => Date> = {
      ArrowLeft: () => addDays(tabDay, -1),
      ArrowRight: () => addDays(tabDay, 1),
      ArrowUp: () => addDays(tabDay, -7),
      ArrowDown: () => addDays(tabDay, 7),
      Home: () => addDays(tabDay, -tabDay.getDay()),
      End: () => addDays(tabDay, 6 - tabDay.getDay()),
      PageUp: () => addMonths(tabDay, e.shiftKey ? -12 : -1),
      PageDown: () => addMonths(tabDay, e.shiftKey ? 12 : 1),
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    moveTo(move());
  };

  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <Button variant="ghost" size="icon" aria-label="Previous month" onClick={() => onMonthChange(addMonths(month, -1))}>
          <ChevronLeft className="h-5 w-5" aria-hidden="true" />
        </Button>
        <h3 id={captionId} className="font-semibold text-slate-900" aria-live="polite">
          {monthYear(month)}
        </h3>
        <Button variant="ghost" size="icon" aria-label="Next month" onClick={() => onMonthChange(addMonths(month, 1))}>
          <ChevronRight className="h-5 w-5" aria-hidden="true" />
        </Button>
      </div>
      <table ref={grid} role="grid" aria-labelledby={captionId} className="w-full table-fixed border-collapse text-center" onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d.getDay()} scope="col" className="pb-1 text-xs font-medium text-slate-600">
                <abbr title={weekdayLong(d)} className="no-underline">
                  {weekdayShort(d).slice(0, 2)}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week, w) => (
            <tr key={w}>
              {week.map((day, d) => {
                if (!day) return <td key={d} />;
                const count = eventCounts.get(dayKey(day)) ?? 0;
                const isSelected = sameDay(day, selected);
                const isToday = sameDay(day, today);
                return (
                  <td key={d} role="gridcell" aria-selected={isSelected} className="p-0.5">
                    <button
                      type="button"
                      data-day={dayKey(day)}
                      tabIndex={sameDay(day, tabDay) ? 0 : -1}
                      aria-label={dayLabel(day, count)}
                      aria-current={isToday ? 'date' : undefined}
                      onClick={() => {
                        setFocused(day);
                        onSelect(day);
                      }}
                      className={cn(
                        'relative mx-auto flex h-10 w-10 items-center justify-center rounded-md text-sm focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-blue-400',
                        isSelected ? 'bg-blue-700 font-semibold text-white' : count > 0 ? 'bg-blue-100 font-semibold text-blue-900 hover:bg-blue-200' : 'text-slate-800 hover:bg-slate-100',
                        isToday && !isSelected ? 'ring-2 ring-slate-400' : undefined,
                      )}
                    >
                      {day.getDate()}
                      {count > 0 ? (
                        <span aria-hidden="true" className={cn('absolute bottom-1 h-1 w-1 rounded-full', isSelected ? 'bg-white' : 'bg-blue-700')} />
                      ) : null}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
