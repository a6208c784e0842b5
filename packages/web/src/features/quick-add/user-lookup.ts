/**
 * Which user an `@name` in quick-add means (spec 2 §5): among the search results, the one whose
 * username matches, then whose name, then whose e-mail (ignoring case); when the search found
 * exactly one user, that partial match is accepted.
 */
export interface UserLike {
  id: number;
  username: string;
  name: string;
  email?: string;
}

export function pickQuickAddUser<T extends UserLike>(results: readonly T[], name: string): T | null {
  const wanted = name.toLowerCase();
  return (
    results.find((u) => u.username.toLowerCase() === wanted) ??
    results.find((u) => u.name !== '' && u.name.toLowerCase() === wanted) ??
    results.find((u) => !!u.email && u.email.toLowerCase() === wanted) ??
    (results.length === 1 ? results[0] : null)
  );
}
