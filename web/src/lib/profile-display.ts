/*
 * How a profile shows its member's name and rating, wherever it appears (the map, the directory's
 * cards and dialog, the profile page).
 */

/** 'First Last', or the email, or 'Unknown member'. */
export function fullName(user: { firstName: string | null; lastName: string | null; email?: string | null }): string {
  const name = [user.firstName, user.lastName].filter((p) => p && p.trim()).join(' ');
  return name || user.email || 'Unknown member';
}

/** A profile's average rating as a number, 0 when the server's decimal text is not one. */
export function ratingOf(profile: { averageRating: string }): number {
  const n = Number(profile.averageRating);
  return Number.isFinite(n) ? n : 0;
}

/** Rating to one decimal (spec 01 §9). */
export function formatRating(rating: number): string {
  return rating.toFixed(1);
}
