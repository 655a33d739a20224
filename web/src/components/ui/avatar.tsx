import { cn } from '../../lib/cn';

export interface AvatarProps {
  imageUrl?: string | null;
  /** What shows when there is no image: a letter or two. */
  fallback: string;
  /** Accessible name; empty when the name is written next to it anyway. */
  label?: string;
  className?: string;
}

/** A round picture, or the fallback letters on a tinted disc. */
export function Avatar({ imageUrl, fallback, label = '', className }: AvatarProps) {
  const classes = cn('inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-blue-100 font-semibold text-blue-900', className ?? 'h-10 w-10');
  if (imageUrl) return <img src={imageUrl} alt={label} className={cn(classes, 'object-cover')} loading="lazy" />;
  return (
    <span className={classes} role={label ? 'img' : undefined} aria-label={label || undefined} aria-hidden={label ? undefined : true}>
      {fallback}
    </span>
  );
}

/** First letter of a name, or U (spec 01 §2, profile card). */
export function initialOf(name: string | null | undefined): string {
  const first = name?.trim().charAt(0);
  return first ? first.toUpperCase() : 'U';
}

/** Initials of first and last name (spec 01 §2, connection rows). */
export function initialsOf(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const letters = `${firstName?.trim().charAt(0) ?? ''}${lastName?.trim().charAt(0) ?? ''}`.toUpperCase();
  return letters || 'U';
}
