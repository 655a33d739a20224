import { Pencil, Trash2 } from 'lucide-react';
import { Button } from './button';

/** The owner's Edit and Delete beside one thing of theirs; `name` tells screen readers which. */
export function EditDeleteButtons({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <Button size="sm" variant="outline" onClick={onEdit}>
        <Pencil className="h-4 w-4" aria-hidden="true" /> Edit<span className="sr-only"> {name}</span>
      </Button>
      <Button size="sm" variant="ghost" onClick={onDelete}>
        <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete<span className="sr-only"> {name}</span>
      </Button>
    </>
  );
}
