import { Flex, IconButton, Spinner, Text, TextField } from '@radix-ui/themes';
import { keepPreviousData } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { Cross2Icon } from '@/components/icons/cross-2';
import { MagnifyingGlassIcon } from '@/components/icons/magnifying-glass';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import './lookup.css';

export interface LookupOption {
  value: string;
  label: string;
  hint?: string;
}

export interface LookupProps {
  label: string;
  /** Hide the visible label (it stays the accessible name). */
  hideLabel?: boolean;
  placeholder?: string;
  value: string | undefined;
  onChange: (value: string | undefined, option?: LookupOption) => void;
  /** The matches of the current keyword plus the current value (include). */
  options: readonly LookupOption[];
  loading?: boolean;
  /** What the user typed; the caller debounces it and searches. */
  onKeywordChange: (keyword: string) => void;
  /** The keyword `options` answer (the debounced search): until it catches up with what was
   *  typed, the list says 'Searching…' rather than 'No matches'. */
  search?: string;
  /** Clears the value after a choice (a "jump to" lookup rather than a field). */
  clearOnSelect?: boolean;
  error?: string;
  id?: string;
}

/** The search of a lookup: `setKeyword` takes each keystroke (Lookup's `onKeywordChange`);
 *  `search` is the trimmed keyword once typing pauses. */
export function useLookupSearch() {
  const [keyword, setKeyword] = useState('');
  return { search: useDebouncedValue(keyword.trim()), setKeyword };
}

/** Query options of a lookup's search: answers stay fresh a while, and the matches of the
 *  last keyword stay shown while the next ones load. */
export const LOOKUP_QUERY_OPTIONS = { staleTime: 30_000, placeholderData: keepPreviousData };

/** An accessible combobox over a server-side lookup (type to search, arrows, Enter, Escape). */
export function Lookup({
  label,
  hideLabel = false,
  placeholder = 'Search…',
  value,
  onChange,
  options,
  loading = false,
  onKeywordChange,
  clearOnSelect = false,
  error,
  id,
  search,
}: LookupProps) {
  const autoId = useId();
  const inputId = id ?? `${autoId}-input`;
  const listId = `${autoId}-list`;
  const errorId = `${autoId}-error`;
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // The label of the chosen option, kept for when the current matches no longer hold it.
  const [chosen, setChosen] = useState<LookupOption | null>(null);
  const selectedLabel = value
    ? (options.find((o) => o.value === value)?.label ??
      (chosen?.value === value ? chosen.label : value))
    : '';
  const shown = text ?? selectedLabel;
  // Nothing shows before the user types: the list opens on a keyword.
  const typed = (text ?? '').trim();
  const listOpen = open && typed !== '';
  const searching = loading || (search !== undefined && search !== typed);

  const choose = (option: LookupOption | undefined) => {
    if (!option) return;
    setChosen(option);
    onChange(option.value, option);
    setText(clearOnSelect ? '' : null);
    onKeywordChange('');
    setOpen(false);
  };

  const clear = () => {
    onChange(undefined);
    setText(null);
    onKeywordChange('');
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      if (typed === '') return;
      event.preventDefault();
      if (!open) setOpen(true);
      setActive((i) => Math.min(i + 1, Math.max(options.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      if (listOpen && !searching && options[active]) {
        event.preventDefault();
        choose(options[active]);
      }
    } else if (event.key === 'Escape') {
      if (listOpen) {
        event.preventDefault();
        setOpen(false);
        setText(null);
      }
    }
  };

  const activeOption = listOpen ? options[active] : undefined;

  return (
    <Flex direction="column" gap="1" className="lookup">
      <Text
        as="label"
        size="2"
        weight="medium"
        htmlFor={inputId}
        className={hideLabel ? 'sr-only' : undefined}
      >
        {label}
      </Text>
      <TextField.Root
        id={inputId}
        role="combobox"
        aria-expanded={listOpen}
        aria-controls={listOpen ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={activeOption ? `${listId}-${activeOption.value}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        autoComplete="off"
        placeholder={placeholder}
        value={shown}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
          onKeywordChange(event.target.value);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setText(null);
        }}
        onKeyDown={onKeyDown}
      >
        <TextField.Slot>
          <MagnifyingGlassIcon aria-hidden />
        </TextField.Slot>
        <TextField.Slot side="right">
          {loading ? <Spinner size="1" /> : null}
          {value && !clearOnSelect ? (
            <IconButton
              type="button"
              size="1"
              variant="ghost"
              color="gray"
              aria-label={`Clear ${label}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={clear}
            >
              <Cross2Icon />
            </IconButton>
          ) : null}
        </TextField.Slot>
      </TextField.Root>
      {listOpen ? (
        <ul id={listId} role="listbox" aria-label={label} className="lookup-listbox">
          {options.length === 0 ? (
            <li className="lookup-empty" role="presentation">
              {searching ? 'Searching…' : 'No matches'}
            </li>
          ) : (
            options.map((option, index) => (
              <li
                key={option.value}
                id={`${listId}-${option.value}`}
                role="option"
                aria-selected={index === active}
                data-current={option.value === value}
                className="lookup-option"
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => choose(option)}
              >
                <span>{option.label}</span>
                {option.hint ? (
                  <Text size="1" color="gray">
                    <span className="sr-only">, </span>
                    {option.hint}
                  </Text>
                ) : null}
              </li>
            ))
          )}
        </ul>
      ) : null}
      {error ? (
        <Text id={errorId} size="1" color="red">
          {error}
        </Text>
      ) : null}
    </Flex>
  );
}
