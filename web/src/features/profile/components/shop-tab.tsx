import type { Item, ItemBody } from '@freemarket/contracts';
import { isCardAmount, PAYMENT_MAX_AMOUNT, PAYMENT_MIN_AMOUNT } from '@freemarket/contracts/constants';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EditDeleteButtons } from '../../../components/ui/edit-delete-buttons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { Field, FieldProblem, Input, problemAttributes, Textarea } from '../../../components/ui/field';
import { LoadMore } from '../../../components/ui/load-more';
import { MoneyInput } from '../../../components/ui/money-input';
import { ApiError } from '../../../lib/api-client';
import { formatMoney, moneyProblem, readPositiveMoney } from '../../../lib/money';
import { isWebAddress } from '../../../lib/web-address';
import { useCreateItem } from '../api/create-item';
import { useDeleteItem } from '../api/delete-item';
import { useItemsForSale } from '../api/get-items-for-sale';
import { useUpdateItem } from '../api/update-item';
import { ITEM_LIMITS } from '../utils/shop-expense-constants';
import { PrivacySwitch } from './form-fields';
import { isHiddenFrom } from './privacy';
import type { ProfileSlots } from './profile-slots';
import { PrivateNotice, Section, type ProfileSectionProps } from './section';

const FLAGS = [
  ['openToNegotiate', 'Open to negotiate'],
  ['openToBarter', 'Open to barter'],
  ['pickupAvailable', 'Pickup available'],
  ['deliveryAvailable', 'Delivery available'],
] as const;
type Flag = (typeof FLAGS)[number][0];

interface Problems {
  title?: string;
  price?: string;
  /** By the photo's place in the form; none for an address that is right or blank. */
  photos?: (string | undefined)[];
}

// Its state lives inside the dialog's content, which unmounts on close: every opening starts afresh.
function checkItem(title: string, price: string, photos: string[]): Problems {
  const photoProblems = photos.map((p) => checkPhoto(p.trim()));
  return { title: title.trim() ? undefined : 'Please enter a title', price: checkPrice(price.trim()), photos: photoProblems.some(Boolean) ? photoProblems : undefined };
}

/** A blank photo address is dropped (spec 02 §5); any other must be one the server takes. */
function checkPhoto(photo: string): string | undefined {
  return !photo || isWebAddress(photo) ? undefined : `Not a web address: ${photo}. It must start with http:// or https://`;
}

/** An empty price is none (the price is open); the placeholder says so. */
function checkPrice(price: string): string | undefined {
  return price ? moneyProblem(readPositiveMoney(price)) : undefined;
}

function ItemForm({ item, pending, onSubmit, onCancel }: { item: Item | null; pending: boolean; onSubmit: (body: ItemBody) => void; onCancel: () => void }) {
  const [title, setTitle] = useState(item?.title ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [price, setPrice] = useState(item?.price ?? '');
  const sold = item?.status === 'sold';
  const [photos, setPhotos] = useState<string[]>(item?.photos.length ? item.photos : ['']);
  const [flags, setFlags] = useState<Record<Flag, boolean>>({
    openToNegotiate: item?.openToNegotiate ?? false,
    openToBarter: item?.openToBarter ?? false,
    pickupAvailable: item?.pickupAvailable ?? false,
    deliveryAvailable: item?.deliveryAvailable ?? false,
  });
  // Checked from the first Save on, so a message goes as soon as its field is right.
  const [checked, setChecked] = useState(false);
  const problems = checked ? checkItem(title, price, photos) : {};

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const trimmedPrice = price.trim();
    const found = checkItem(title, price, photos);
    // Rendered at once, so the field that takes the focus below already carries its message.
    flushSync(() => setChecked(true));
    const badPhoto = found.photos?.findIndex(Boolean) ?? -1;
    if (found.title || found.price || badPhoto >= 0) {
      document.getElementById(found.title ? 'item-title' : found.price ? 'item-price' : `item-photo-${badPhoto}`)?.focus();
      return;
    }
    const read = trimmedPrice ? readPositiveMoney(trimmedPrice) : null;
    // Spec 02 §5: blank photo addresses are dropped, and an empty price is sent as null.
    onSubmit({ title: title.trim(), description: description.trim() || null, price: read && 'amount' in read ? read.amount : null, photos: photos.map((p) => p.trim()).filter(Boolean), ...flags });
  };

  return (
    <form className="grid gap-3" noValidate onSubmit={submit}>
      <Field label="Title" htmlFor="item-title">
        <Input
          id="item-title"
          required
          maxLength={ITEM_LIMITS.title}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          {...problemAttributes('item-title', problems.title)}
        />
        <FieldProblem controlId="item-title" problem={problems.title} />
      </Field>
      <Field label="Description" htmlFor="item-description">
        <Textarea id="item-description" rows={3} maxLength={ITEM_LIMITS.description} value={description} onChange={(e) => setDescription(e.target.value)} />
      </Field>
      <Field label="Price" htmlFor="item-price">
        {/* A sold item keeps the price it sold for (the server refuses another); the rest can still be edited. */}
        <MoneyInput
          id="item-price"
          placeholder="Leave empty for no set price"
          value={price}
          onValueChange={setPrice}
          problem={problems.price}
          {...(sold ? { readOnly: true, 'aria-describedby': 'item-price-sold' } : {})}
        />
        {sold ? (
          <p id="item-price-sold" className="text-sm text-slate-600">
            Sold: the price stays what it was sold for.
          </p>
        ) : null}
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Photos (web addresses)</legend>
        {photos.map((photo, i) => {
          const problem = problems.photos?.[i];
          return (
            <div key={i} className="grid gap-1">
              <div className="flex items-center gap-2">
                <label htmlFor={`item-photo-${i}`} className="sr-only">
                  Photo URL {i + 1}
                </label>
                <Input
                  id={`item-photo-${i}`}
                  type="url"
                  placeholder="https://"
                  maxLength={ITEM_LIMITS.photoUrl}
                  value={photo}
                  onChange={(e) => setPhotos(photos.map((p, j) => (j === i ? e.target.value : p)))}
                  {...problemAttributes(`item-photo-${i}`, problem)}
                />
                {photos.length > 1 ? (
                  <Button variant="ghost" size="sm" onClick={() => setPhotos(photos.filter((_, j) => j !== i))}>
                    Remove<span className="sr-only"> photo {i + 1}</span>
                  </Button>
                ) : null}
              </div>
              <FieldProblem controlId={`item-photo-${i}`} problem={problem} />
            </div>
          );
        })}
        {photos.length < ITEM_LIMITS.photos ? (
          <div>
            <Button variant="outline" size="sm" onClick={() => setPhotos([...photos, ''])}>
              <Plus className="h-4 w-4" aria-hidden="true" /> Add another photo
            </Button>
          </div>
        ) : null}
      </fieldset>
      <fieldset className="grid gap-1.5 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Options</legend>
        {FLAGS.map(([flag, label]) => (
          <label key={flag} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="h-4 w-4 accent-blue-700" checked={flags[flag]} onChange={(e) => setFlags({ ...flags, [flag]: e.target.checked })} />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : 'Save Item'}
        </Button>
      </div>
    </form>
  );
}

interface ItemCardProps {
  item: Item;
  viewerId: string;
  editing: boolean;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
  buyAction: ProfileSlots['buyAction'];
}

function ItemCard({ item, viewerId, editing, canEdit, onEdit, onDelete, buyAction }: ItemCardProps) {
  const flags = FLAGS.filter(([flag]) => item[flag]);
  // Spec 02 §2 gives Buy Now its three conditions; a sold item takes no payment (the server refuses one).
  const forSale = !editing && item.price !== null && item.userId !== viewerId && item.status !== 'sold';
  // A card payment has its bounds; a car or a 25-cent item is paid to the seller directly.
  const buyable = forSale && item.price !== null && isCardAmount(item.price);
  return (
    <li className="grid content-start gap-2 rounded-lg border border-slate-200 p-4" data-testid="item-for-sale">
      {item.photos.length ? (
        <div className="flex gap-2 overflow-hidden">
          {item.photos.map((src, i) => (
            <img key={src + i} src={src} alt={`${item.title}, photo ${i + 1}`} loading="lazy" className="h-28 w-28 shrink-0 rounded-md bg-slate-100 object-cover" />
          ))}
        </div>
      ) : null}
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold wrap-anywhere text-slate-900">
          {item.title}
        </h3>
        <span className="font-semibold text-slate-900">{item.price !== null ? formatMoney(item.price) : 'No set price'}</span>
      </div>
      {item.description ? <p className="text-sm wrap-anywhere whitespace-pre-line text-slate-700">{item.description}</p> : null}
      {flags.length || item.status === 'sold' ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={`${item.title}: options`}>
          {item.status === 'sold' ? (
            <li>
              <Badge className="bg-amber-100 text-amber-900">Sold</Badge>
            </li>
          ) : null}
          {flags.map(([flag, label]) => (
            <li key={flag}>
              <Badge>{label}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      {forSale && !buyable ? (
        <p className="text-sm text-slate-600">
          Pay the seller directly: card payments here run from {formatMoney(PAYMENT_MIN_AMOUNT)} to {formatMoney(PAYMENT_MAX_AMOUNT)}.
        </p>
      ) : null}
      {buyable || canEdit ? (
        <div className="flex flex-wrap gap-2">
          {buyable && item.price !== null ? buyAction({ ...item, price: item.price }) : null}
          {canEdit ? (
            <EditDeleteButtons name={item.title} onEdit={onEdit} onDelete={onDelete} />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** Asks before deleting `item`; null keeps it closed. */
function DeleteItemDialog({ item, onClose }: { item: Item | null; onClose: () => void }) {
  const remove = useDeleteItem(onClose);
  return (
    <ConfirmDialog
      open={item !== null}
      title="Delete this item?"
      description={item ? `${item.title} is removed from your shop. This cannot be undone.` : ''}
      pending={remove.isPending}
      onConfirm={() => item && remove.mutate(item.id)}
      onCancel={onClose}
    />
  );
}

/** Spec 02 §2, the Shop tab: the member's items for sale; on one's own profile in edit mode, add, edit and delete them. */
export function ShopTab({ userId, profile, viewer, isOwn, editing, slots }: ProfileSectionProps) {
  const hidden = isHiddenFrom(profile, 'itemsForSaleIsPublic', isOwn);
  const query = useItemsForSale(userId, !hidden);
  const canEdit = isOwn && editing;
  // Open with the item being edited, or with null to add one (spec 02 §4).
  const [dialog, setDialog] = useState<{ item: Item | null } | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const close = () => setDialog(null);
  const create = useCreateItem(close);
  const update = useUpdateItem(close);
  const save = (body: ItemBody) => (dialog?.item ? update.mutate({ id: dialog.item.id, body }) : create.mutate(body));
  // The server refuses another member a private list (403) even before the profile page knows of it.
  const refused = query.error instanceof ApiError && query.error.status === 403;
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  let body;
  if (hidden || refused) body = <PrivateNotice what="Items for sale" />;
  else if (query.isPending) body = <p className="text-sm text-slate-600">Loading items...</p>;
  else if (query.isError)
    body = (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-red-700">The items could not be loaded.</p>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  else if (!items.length) body = <p className="text-sm text-slate-600">{isOwn ? 'You have no items for sale yet.' : 'No items for sale.'}</p>;
  else
    body = (
      <>
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Items for sale">
          {items.map((item) => (
            <ItemCard key={item.id} item={item} viewerId={viewer.id} editing={editing} canEdit={canEdit} onEdit={() => setDialog({ item })} onDelete={() => setDeleting(item)} buyAction={slots.buyAction} />
          ))}
        </ul>
        <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} label="Load more items" />
      </>
    );

  return (
    <Section
      title="Items for Sale"
      testId="items-for-sale"
      action={
        <div className="flex flex-wrap items-center gap-3">
          <PrivacySwitch flag="itemsForSaleIsPublic" section="Items for sale" editing={editing} />
          {canEdit ? (
            <Button size="sm" onClick={() => setDialog({ item: null })}>
              <Plus className="h-4 w-4" aria-hidden="true" /> Add Item
            </Button>
          ) : null}
        </div>
      }
    >
      {body}
      <Dialog
        open={dialog !== null}
        onOpenChange={(open) => (open ? undefined : close())}
        title={dialog?.item ? 'Edit Item' : 'Add Item'}
        description={dialog?.item ? 'Change the details of your item.' : 'List an item for sale on your profile.'}
        hideDescription
      >
        <ItemForm item={dialog?.item ?? null} pending={create.isPending || update.isPending} onSubmit={save} onCancel={close} />
      </Dialog>
      <DeleteItemDialog item={deleting} onClose={() => setDeleting(null)} />
    </Section>
  );
}
