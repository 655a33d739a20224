import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';

export interface ComboboxSettings<T> {
  /** What the box holds; the active option and an Escape apply to this text only. */
  text: string;
  /** The options on offer now; none is a closed list. */
  options: readonly T[];
  keyOf: (option: T) => string;
  /** Enter on the active option, or a click on any. */
  onChoose: (option: T) => void;
}

/**
 * An editable combobox with a list of suggestions (the WAI-ARIA APG combobox pattern): the focus
 * stays in the text box while ArrowDown and ArrowUp move through the options (`aria-activedescendant`),
 * Enter chooses the active one and Escape closes the list until the text changes. Spread
 * `inputProps` on the input, `listboxProps` on the list and `optionProps(option)` on each option.
 */
export function useCombobox<T>({ text, options, keyOf, onChoose }: ComboboxSettings<T>) {
  const listboxId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [active, setActive] = useState<{ key: string; text: string } | null>(null);
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const expanded = options.length > 0 && closedFor !== text;
  const activeIndex = expanded && active?.text === text ? options.findIndex((o) => keyOf(o) === active.key) : -1;
  const activeOption = activeIndex >= 0 ? options[activeIndex] : undefined;
  const optionId = (option: T) => `${listboxId}-option-${keyOf(option)}`;
  const activeId = activeOption === undefined ? undefined : optionId(activeOption);

  // Radix's dialogs and toasts close on an Escape they catch on the document before the box hears
  // it; caught first on the window, an Escape in the box with the list open closes only the list.
  useEffect(() => {
    if (!expanded) return;
    const closeList = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.target !== input.current) return;
      event.preventDefault();
      setClosedFor(text);
    };
    window.addEventListener('keydown', closeList, { capture: true });
    return () => window.removeEventListener('keydown', closeList, { capture: true });
  }, [expanded, text]);

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && options.length) {
      event.preventDefault();
      // A closed list opens on its first option going down, on its last going up; either end wraps.
      const last = options.length - 1;
      const next = event.key === 'ArrowDown' ? (activeIndex >= last ? 0 : activeIndex + 1) : activeIndex <= 0 ? last : activeIndex - 1;
      const option = options[next];
      setClosedFor(null);
      if (option !== undefined) setActive({ key: keyOf(option), text });
    } else if (event.key === 'Enter' && activeOption !== undefined) {
      event.preventDefault();
      onChoose(activeOption);
    }
  };

  return {
    expanded,
    inputProps: {
      ref: input,
      role: 'combobox',
      'aria-autocomplete': 'list' as const,
      'aria-expanded': expanded,
      'aria-controls': expanded ? listboxId : undefined,
      'aria-activedescendant': activeId,
      onKeyDown,
    },
    listboxProps: { id: listboxId, role: 'listbox' },
    optionProps: (option: T) => ({
      id: optionId(option),
      role: 'option',
      'aria-selected': activeOption !== undefined && keyOf(activeOption) === keyOf(option),
      // The focus stays in the box, so typing and the arrow keys carry on after a click.
      onMouseDown: (event: MouseEvent) => event.preventDefault(),
      onClick: () => onChoose(option),
    }),
  };
}
