import type { BusinessSearchResult, FavoriteBusiness } from '@freemarket/contracts';
import { DIRECTORY_LIMITS } from '@freemarket/contracts/constants';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { LoadMore } from '../../../components/ui/load-more';
import { ApiError } from '../../../lib/api-client';
import { useCombobox } from '../../../lib/use-combobox';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAddFavoriteBusiness } from '../api/add-favorite-business';
import { useFavoriteBusinesses } from '../api/get-favorite-businesses';
import { useRemoveFavoriteBusiness } from '../api/remove-favorite-business';
import { useBusinessSearch } from '../api/search-businesses';
import { ProfileTextInput } from './form-fields';
import { isHiddenFrom } from './privacy';
import { PrivateNotice, Section, type ProfileSectionProps } from './section';

const SEARCH_DELAY_MS = 300;
const MIN_CHARS = DIRECTORY_LIMITS.businessSearchMinChars;

/** How a business reads, found or favorited: its business name, else its member's, and what else it shows. */
function businessLines(r: Pick<BusinessSearchResult, 'businessName' | 'fullName' | 'title' | 'email'>): { name: string; details: string } {
  return { name: r.businessName ?? r.fullName, details: [r.businessName ? r.fullName : null, r.title, r.email].filter(Boolean).join(' · ') };
}

function foundText(count: number): string {
  return `${count} ${count === 1 ? 'business' : 'businesses'} found. Use the arrow keys to choose one and Enter to add it.`;
}

/**
 * The business search of edit mode (spec 02 §5): from the third character, favorites left out. A
 * combobox: the arrow keys move through the results and Enter adds one, or a click on its Add.
 */
function BusinessPicker({ favorites }: { favorites: readonly FavoriteBusiness[] }) {
  const [text, setText] = useState('');
  const debounced = useDebouncedValue(text, SEARCH_DELAY_MS);
  const search = useBusinessSearch(debounced);
  const add = useAddFavoriteBusiness(() => setText(''));
  const favorited = new Set(favorites.map((f) => f.businessUserId));
  const ready = text.trim().length >= MIN_CHARS && debounced.trim().length >= MIN_CHARS;
  // The server leaves favorites out too; this covers an answer cached before the last addition.
  const results = ready ? (search.data?.items ?? []).filter((r) => !favorited.has(r.userId)) : [];
  const combobox = useCombobox({
    text,
    options: results,
    keyOf: (r) => r.userId,
    onChoose: (r) => {
      if (!add.isPending) add.mutate(r.userId);
    },
  });

  let status: string | null = null;
  if (!ready) status = text.trim() ? `Type at least ${MIN_CHARS} characters to search.` : null;
  else if (search.isPending || search.isPlaceholderData) status = 'Searching...';
  else if (search.isError) status = 'The search failed. Please try again.';
  else if (!results.length) status = 'No businesses found.';
  else if (combobox.expanded) status = foundText(results.length);

  return (
    <div className="grid gap-2">
      <Field label="Find a local business" htmlFor="favorite-business-search">
        <Input
          id="favorite-business-search"
          type="search"
          autoComplete="off"
          maxLength={DIRECTORY_LIMITS.queryMaxChars}
          placeholder="Business or owner name"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby="favorite-business-search-status"
          {...combobox.inputProps}
        />
      </Field>
      <p id="favorite-business-search-status" className="text-sm text-slate-600" aria-live="polite">
        {status}
      </p>
      {combobox.expanded ? (
        <ul className="grid max-h-80 gap-2 overflow-y-auto" aria-label="Business search results" data-testid="business-search-results" {...combobox.listboxProps}>
          {results.map((r) => {
            const { name, details } = businessLines(r);
            return (
              <li
                key={r.userId}
                className="flex cursor-pointer items-center justify-between gap-3 rounded-md border border-slate-200 p-2 hover:bg-slate-50 aria-disabled:cursor-wait aria-selected:border-blue-700 aria-selected:bg-blue-50 aria-selected:outline-2 aria-selected:outline-blue-500"
                aria-disabled={add.isPending || undefined}
                {...combobox.optionProps(r)}
              >
                <div className="min-w-0">
                  <p className="font-medium wrap-anywhere text-slate-900">{name}</p>
                  <p className="text-sm wrap-anywhere text-slate-600">{details}</p>
                </div>
                {/* The look of the Add button it was; the option itself takes the click and the Enter key. */}
                <span className={buttonClass('outline', 'sm')} aria-hidden="true">
                  <Plus className="h-4 w-4" /> Add
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

function FavoriteRow({ favorite, canEdit }: { favorite: FavoriteBusiness; canEdit: boolean }) {
  const remove = useRemoveFavoriteBusiness();
  const { name, details } = businessLines(favorite.business);
  return (
    <li className="flex items-center justify-between gap-3 rounded-md border border-slate-200 p-2" data-testid="favorite-business">
      <div className="min-w-0">
        <p className="font-medium wrap-anywhere text-slate-900">{name}</p>
        <p className="text-sm wrap-anywhere text-slate-600">{details}</p>
      </div>
      {canEdit ? (
        <Button size="sm" variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate(favorite.id)}>
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove<span className="sr-only"> {name}</span>
        </Button>
      ) : null}
    </li>
  );
}

/** Spec 02 §2, the Personal tab's favorite local businesses: members of the directory, plus a free-text note. */
export function FavoriteBusinesses({ userId, profile, isOwn, editing }: ProfileSectionProps) {
  // Part of the personal interests: the server refuses the list to others when that section is private.
  const hidden = isHiddenFrom(profile, 'personalInterestsIsPublic', isOwn);
  const query = useFavoriteBusinesses(userId, !hidden);
  const canEdit = isOwn && editing;
  const refused = query.error instanceof ApiError && query.error.status === 404;
  const favorites = query.data?.pages.flatMap((p) => p.items) ?? [];

  let list;
  if (query.isPending) list = <p className="text-sm text-slate-600">Loading favorite businesses...</p>;
  else if (query.isError)
    list = (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-red-700">The favorite businesses could not be loaded.</p>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  else if (!favorites.length) list = <p className="text-sm text-slate-600">{isOwn ? 'You have no favorite businesses yet.' : 'No favorite businesses yet.'}</p>;
  else
    list = (
      <>
        <ul className="grid gap-2" aria-label="Favorite businesses">
          {favorites.map((f) => (
            <FavoriteRow key={f.id} favorite={f} canEdit={canEdit} />
          ))}
        </ul>
        <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} label="Load more favorite businesses" />
      </>
    );

  return (
    <Section title="Favorite Local Businesses" testId="favorite-businesses">
      {hidden || refused ? (
        <PrivateNotice what="Favorite businesses" />
      ) : (
        <div className="grid gap-3">
          {list}
          {canEdit && !query.isPending && !query.isError ? <BusinessPicker favorites={favorites} /> : null}
          <ProfileTextInput name="favoriteLocalBusinesses" label="Other favorite businesses" editing={editing} multiline />
        </div>
      )}
    </Section>
  );
}
